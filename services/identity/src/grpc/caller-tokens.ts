import { signCallerToken, type Caller } from '@smista/service-kit';

/**
 * Reuses a signed caller token for the same (user, merchant, role) for up to `reuseMs`, so the hot
 * path signs at most once per caller every 10 s instead of on every request. Caller tokens live
 * CALLER_TOKEN_TTL_SECONDS (30 s); one handed out from the cache still has at least 20 s left, far
 * more than one request's fan-out. A role or merchant change is a different key, so it is never
 * served a stale token.
 */
export class CallerTokenCache {
  private readonly entries = new Map<string, { token: string; signedAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly reuseMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(caller: Caller, now = Date.now()): Promise<string> {
    const key = `${caller.userId}|${caller.merchantId ?? ''}|${caller.role ?? ''}`;
    const hit = this.entries.get(key);
    if (hit && now - hit.signedAt < this.reuseMs) return hit.token;
    const token = await signCallerToken(caller, this.secret);
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { token, signedAt: now });
    return token;
  }
}
