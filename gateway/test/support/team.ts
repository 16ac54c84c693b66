import crypto from 'node:crypto';
import { ScaledDeadline } from '../../../deploy/local/src/machine-load';
import { teamMessages } from '@smista/contracts';
import { extractLinks, waitForMail } from '../../../e2e/support/mail';
import { Browser, newUser, type Reply } from './http';

/**
 * A {@link Browser} that comes from its own IP address (`X-Forwarded-For`; the suites start the
 * gateway with TRUST_PROXY_HOPS=1), so per-IP rate limits of one test never reach another.
 */
export class Client extends Browser {
  constructor(
    baseUrl: string,
    readonly ip = `10.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`,
  ) {
    super(baseUrl);
  }

  override request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    return super.request<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }

  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}

export interface Member {
  b: Client;
  /** The user JSON registration answered. */
  user: { id: string; email: string; username: string; firstName: string; lastName: string };
  email: string;
}

/** A new user, registered (and logged in) through the gateway. */
export async function registered(baseUrl: string, overrides: Parameters<typeof newUser>[0] = {}, ip?: string): Promise<Member> {
  const b = new Client(baseUrl, ip);
  const fields = newUser(overrides);
  const res = await b.post('/api/register', fields);
  if (res.status !== 201) throw new Error(`register → ${res.status} ${JSON.stringify(res.body)}`);
  return { b, user: res.body, email: fields.email };
}

/** Creates a merchant for `owner` (who becomes its admin) and selects it. */
export async function ownMerchant(owner: Member, name = `Bottega ${crypto.randomBytes(3).toString('hex')}`): Promise<{ id: string; name: string }> {
  const created = await owner.b.post('/api/merchants', { name });
  if (created.status !== 201) throw new Error(`create merchant → ${created.status} ${JSON.stringify(created.body)}`);
  const selected = await owner.b.post('/api/merchants/select', { merchantId: created.body.id });
  if (selected.status !== 200) throw new Error(`select → ${selected.status} ${JSON.stringify(selected.body)}`);
  return { id: created.body.id, name };
}

/** The invite link of the newest invite e-mail for `email` to `merchantName`, and its token. */
export async function inviteLinkFor(email: string, merchantName: string): Promise<{ link: string; token: string }> {
  const mail = await waitForMail({ to: email, subjectIncludes: teamMessages.inviteSubject(merchantName) });
  const link = extractLinks(mail).find((l) => l.includes('/accept-invite?'));
  if (!link) throw new Error(`no /accept-invite link in the invite e-mail to ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return { link, token };
}

/** `admin` invites `email` with `role` and answers the token from the e-mail. */
export async function invite(admin: Member, merchant: { id: string; name: string }, email: string, role: 'admin' | 'user' = 'user'): Promise<{ id: string; token: string }> {
  const res = await admin.b.post(`/api/merchants/${merchant.id}/invites`, { email, role });
  if (res.status !== 201) throw new Error(`invite → ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, token: (await inviteLinkFor(email, merchant.name)).token };
}

/** Makes an existing user a member of `merchant` through an invite they accept. */
export async function join(admin: Member, merchant: { id: string; name: string }, member: Member, role: 'admin' | 'user' = 'user'): Promise<void> {
  const { token } = await invite(admin, merchant, member.email, role);
  const res = await member.b.post(`/api/invites/${token}/accept`, {});
  if (res.status !== 200) throw new Error(`accept → ${res.status} ${JSON.stringify(res.body)}`);
}

/** Polls `check` until it answers true or `timeoutMs` passes; answers the last result. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  // Quiet-machine time: longer while the machine is busy.
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    if (await check()) return true;
    if (deadline.expired()) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Gateway settings for the team and address suites: limits on, per-IP ones reachable through X-Forwarded-For. */
export const suiteGatewayEnv = (overrides: Record<string, string> = {}): Record<string, string> => ({
  TRUST_PROXY_HOPS: '1',
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  ...overrides,
});
