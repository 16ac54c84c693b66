import type { CaughtMail } from '../../deploy/local/src/mail-catcher';
import { sharedInfra } from './env';

export type { CaughtMail };

export interface WaitForMailOptions {
  /** Recipient address (matched case-insensitively against To and the envelope). */
  to: string;
  /** Part of the subject, if given. */
  subjectIncludes?: string;
  /** Default 10 s. */
  timeoutMs?: number;
  /** Only messages received at or after this time. */
  since?: Date;
  /** Mail catcher HTTP base; default TEST_MAIL_URL. */
  mailUrl?: string;
}

/** Messages in the catcher, newest first (optionally only those for `to`). */
export async function listMails(options: { to?: string; mailUrl?: string } = {}): Promise<CaughtMail[]> {
  const base = options.mailUrl ?? sharedInfra().mailUrl;
  const query = options.to ? `?to=${encodeURIComponent(options.to)}` : '';
  const res = await fetch(`${base}/api/messages${query}`);
  if (!res.ok) throw new Error(`mail catcher: GET /api/messages → ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** Empties the catcher (shared by every suite of the run: prefer unique recipients to clearing). */
export async function clearMails(mailUrl?: string): Promise<void> {
  await fetch(`${mailUrl ?? sharedInfra().mailUrl}/api/messages`, { method: 'DELETE' });
}

/**
 * Polls the mail catcher until a message for `to` (whose subject contains `subjectIncludes`)
 * arrives; returns the newest such message. Rejects with what did arrive for `to` on timeout.
 *
 * @example
 * const mail = await waitForMail({ to: email, subjectIncludes: 'Reimposta la password' });
 * const link = extractLinks(mail).find((l) => l.includes('/reset-password'));
 */
export async function waitForMail(options: WaitForMailOptions): Promise<CaughtMail> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const to = options.to.toLowerCase();
  const matches = (m: CaughtMail) =>
    (m.to.toLowerCase().split(/,\s*/).includes(to) || m.envelopeTo.some((a) => a.toLowerCase() === to)) &&
    (options.subjectIncludes === undefined || m.subject.includes(options.subjectIncludes)) &&
    (options.since === undefined || Date.parse(m.date) >= options.since.getTime());
  let seen: CaughtMail[] = [];
  for (;;) {
    seen = await listMails({ to: options.to, mailUrl: options.mailUrl });
    const found = seen.find(matches);
    if (found) return found;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const what = options.subjectIncludes ? ` con oggetto che contiene «${options.subjectIncludes}»` : '';
  const got = seen.length ? `; arrivate per ${options.to}: ${seen.map((m) => `«${m.subject}»`).join(', ')}` : `; nessuna e-mail per ${options.to}`;
  throw new Error(`Nessuna e-mail per ${options.to}${what} entro ${timeoutMs / 1000} s${got}`);
}

/** Every http(s) link in a message: href targets of the HTML part, then URLs in the text part. */
export function extractLinks(mail: CaughtMail): string[] {
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  const fromHtml = [...mail.html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) => decode(m[1]));
  const fromText = [...mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]);
  return [...new Set([...fromHtml, ...fromText].filter((l) => /^https?:\/\//.test(l)))];
}
