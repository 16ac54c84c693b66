import { CALLER_TOKEN_TTL_SECONDS, signCallerToken, type Caller } from '@smista/service-kit';

/** A signed caller token and the moment it stops being accepted (ms since the epoch). */
export interface IssuedCallerToken {
  token: string;
  expiresAtMs: number;
}

/**
 * Reuses a signed caller token for the same (user, merchant, role, sign-in method) for up to `reuseMs`, so the hot
 * path signs at most once per caller every 10 s instead of on every request. Caller tokens live
 * CALLER_TOKEN_TTL_SECONDS (30 s); one handed out from the cache still has at least 20 s left, far
 * more than one request's fan-out. A role or merchant change is a different key, so it is never
 * served a stale token.
 */
export class CallerTokenCache {
  private readonly entries = new Map<string, { token: string; signedAt: number; expiresAtMs: number }>();

  constructor(
    private readonly secret: string,
    private readonly reuseMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(caller: Caller, now = Date.now()): Promise<string> {
    return (await this.issue(caller, now)).token;
  }

  /** The token with its expiry, which ResolveSession tells the gateway (its session cache stops before it). */
  async issue(caller: Caller, now = Date.now()): Promise<IssuedCallerToken> {
    const key = `${caller.userId}|${caller.merchantId ?? ''}|${caller.role ?? ''}|${caller.sso ? 'sso' : ''}`;
    const hit = this.entries.get(key);
    if (hit && now - hit.signedAt < this.reuseMs) return hit;
    const signingTime = Date.now();
    const token = await signCallerToken(caller, this.secret);
    // `exp` is the signing second (rounded down) + the TTL: one second less is never late.
    const entry = { token, signedAt: now, expiresAtMs: signingTime + (CALLER_TOKEN_TTL_SECONDS - 1) * 1000 };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return entry;
  }
}
