import { randomBytes } from 'node:crypto';
import type { PosteSandboxAccount } from './accounts';
import type { AcceptedWaybill } from './waybill-rules';

/** A session token the sandbox issued. */
export interface SandboxSession {
  token: string;
  clientId: string;
  expiresAt: number;
}

/** A waybill the sandbox created. */
export interface SandboxWaybill extends AcceptedWaybill {
  code: string;
  clientId: string;
  costCenterCode: string;
  paperless: boolean;
  shipmentDate: Date;
  createdAt: Date;
  /** The unguessable name of its label file: `downloadURL` needs no token, as a signed link would not. */
  labelId: string;
}

/** Waybill numbers: `3UW` and ten digits, sequential from 1 (the sandbox's own form; README.md). */
export const WAYBILL_PREFIX = '3UW';

/**
 * Everything the sandbox remembers, in memory: accounts, sessions, waybills by number, by client
 * reference (per client, for idempotency) and by label id.
 */
export class PosteStore {
  private readonly accounts = new Map<string, PosteSandboxAccount>();
  private readonly sessions = new Map<string, SandboxSession>();
  private readonly waybills = new Map<string, SandboxWaybill>();
  private readonly byReference = new Map<string, string>();
  private readonly byLabel = new Map<string, string>();
  private sequence = 0;

  constructor(
    accounts: readonly PosteSandboxAccount[],
    private readonly now: () => Date,
  ) {
    for (const a of accounts) this.accounts.set(a.clientId, a);
  }

  account(clientId: string): PosteSandboxAccount | undefined {
    return this.accounts.get(clientId);
  }

  issueSession(clientId: string, ttlSeconds: number): SandboxSession {
    this.dropExpiredSessions();
    const session = { token: `pdb.${randomBytes(32).toString('base64url')}`, clientId, expiresAt: this.now().getTime() + ttlSeconds * 1000 };
    this.sessions.set(session.token, session);
    return session;
  }

  /** The live session of a token; an expired one is forgotten. */
  session(token: string): SandboxSession | undefined {
    const s = this.sessions.get(token);
    if (!s) return undefined;
    if (s.expiresAt <= this.now().getTime()) {
      this.sessions.delete(token);
      return undefined;
    }
    return s;
  }

  /** Forgets every session (tests: a token Poste no longer accepts before its expiry). */
  revokeSessions(): void {
    this.sessions.clear();
  }

  private dropExpiredSessions(): void {
    const t = this.now().getTime();
    for (const [token, s] of this.sessions) if (s.expiresAt <= t) this.sessions.delete(token);
  }

  /** The waybill a client already made with this reference (idempotency), if any. */
  byClientReference(clientId: string, reference: string): SandboxWaybill | undefined {
    const code = this.byReference.get(`${clientId}\u0000${reference}`);
    return code ? this.waybills.get(code) : undefined;
  }

  create(data: Omit<SandboxWaybill, 'code' | 'createdAt' | 'labelId'>): SandboxWaybill {
    this.sequence += 1;
    const waybill: SandboxWaybill = {
      ...data,
      code: `${WAYBILL_PREFIX}${String(this.sequence).padStart(10, '0')}`,
      createdAt: this.now(),
      labelId: randomBytes(16).toString('hex'),
    };
    this.waybills.set(waybill.code, waybill);
    this.byLabel.set(waybill.labelId, waybill.code);
    if (waybill.clientReferenceId) this.byReference.set(`${waybill.clientId}\u0000${waybill.clientReferenceId}`, waybill.code);
    return waybill;
  }

  /** A waybill of this client (another client's number is unknown to it). */
  forClient(clientId: string, code: string): SandboxWaybill | undefined {
    const w = this.waybills.get(code.trim().toUpperCase());
    return w && w.clientId === clientId ? w : undefined;
  }

  byLabelId(labelId: string): SandboxWaybill | undefined {
    const code = this.byLabel.get(labelId);
    return code ? this.waybills.get(code) : undefined;
  }
}
