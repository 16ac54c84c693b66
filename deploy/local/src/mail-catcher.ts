import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as `GET /api/messages` returns it. */
export interface CaughtMail {
  id: string;
  /** Recipient addresses from the To header (envelope recipients if it has none), comma-separated. */
  to: string;
  /** The From header as `Name <address>`, e.g. `Smista <no-reply@smista.local>`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO-8601 time the catcher received the message. */
  date: string;
  /** SMTP envelope recipients (includes Bcc). */
  envelopeTo: string[];
  /** The Reply-To header's addresses, comma-separated ('' without one). */
  replyTo: string;
  /** The headers a reader of a message checks beyond these (List-Unsubscribe, List-Unsubscribe-Post, Auto-Submitted, Message-ID), names in lower case. */
  headers: Record<string, string>;
  /** Attachments, inline images among them (`cid` set); the HTML's `cid:` links are data URLs already. */
  attachments: { filename: string; contentType: string; cid: string | null; size: number }[];
}

/** The headers kept on a {@link CaughtMail}. */
const KEPT_HEADERS = ['list-unsubscribe', 'list-unsubscribe-post', 'auto-submitted', 'message-id'];

export interface MailCatcherOptions {
  /** SMTP port on 127.0.0.1 (dev 1025); 0 picks a free one. */
  smtpPort: number;
  /** HTTP port on 127.0.0.1 (dev 8025); 0 picks a free one. */
  httpPort: number;
  /** Oldest messages are dropped beyond this count; default 1000. */
  maxMessages?: number;
  /** Called for each message received (the dev CLI prints a line). */
  onMessage?: (mail: CaughtMail) => void;
}

/** A running mail catcher. */
export interface MailCatcher {
  readonly smtpPort: number;
  readonly httpPort: number;
  /** `smtp://127.0.0.1:SMTP_PORT` */
  readonly smtpUrl: string;
  /** `http://127.0.0.1:HTTP_PORT` */
  readonly httpUrl: string;
  /** Messages, newest first. */
  messages(): CaughtMail[];
  clear(): void;
  stop(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.flatMap((a) => (a.address ? [a.address] : (a.group ?? []).map((m) => m.address ?? ''))));
}

/** `Smista <no-reply@smista.local>` (no quotes around the name), or the bare address. */
function formatFrom(field: AddressObject | undefined): string {
  const first = field?.value[0];
  if (!first?.address) return field?.text ?? '';
  return first.name ? `${first.name} <${first.address}>` : first.address;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function renderIndex(messages: CaughtMail[]): string {
  const rows = messages
    .map(
      (m) => `<tr><td>${escapeHtml(m.date.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
        `<td>${escapeHtml(m.subject)}</td><td>` +
        (m.html ? `<a href="/messages/${m.id}.html">html</a> ` : '') +
        `<a href="/messages/${m.id}.txt">testo</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Smista · posta catturata</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem .6rem;text-align:left;vertical-align:top}th{background:#f4f4f4}
form{display:inline}</style></head>
<body><h1>Posta catturata (${messages.length})</h1>
<p><form method="post" action="/clear"><button>Svuota</button></form> · <a href="/api/messages">JSON</a></p>
<table><thead><tr><th>Data</th><th>A</th><th>Oggetto</th><th>Apri</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">Nessun messaggio.</td></tr>'}</tbody></table></body></html>`;
}

function listenHttp(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function listenSmtp(smtp: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => {
      smtp.off('error', reject);
      resolve((smtp.server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts an SMTP server (no auth, no TLS, loopback only) that parses every message and keeps it in
 * memory, plus an HTTP API and page to read them:
 * - `GET /api/messages` (optional `?to=`): JSON array, newest first;
 * - `GET /api/messages/:id`; `DELETE /api/messages` clears;
 * - `GET /` an HTML list; `/messages/:id.html` and `/messages/:id.txt` show one body.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const max = options.maxMessages ?? 1000;
  let store: CaughtMail[] = [];
  let seq = 0;

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Smista mail catcher',
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const headerTo = addresses(parsed.to);
          const mail: CaughtMail = {
            id: String(++seq),
            to: (headerTo.length ? headerTo : envelopeTo).join(', '),
            from: formatFrom(parsed.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
            envelopeTo,
            replyTo: addresses(parsed.replyTo).join(', '),
            headers: Object.fromEntries(
              KEPT_HEADERS.flatMap((name) => {
                const value = parsed.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]*:\s*/, '');
                return value === undefined ? [] : [[name, value.replace(/\r?\n\s+/g, ' ')]];
              }),
            ),
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, cid: a.cid ?? null, size: a.size })),
          };
          store.unshift(mail);
          if (store.length > max) store.length = max;
          options.onMessage?.(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...extra });
      res.end(body);
    };
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
    const byId = (id: string) => store.find((m) => m.id === id);

    if (url.pathname === '/api/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return json(200, to ? store.filter((m) => m.to.toLowerCase().includes(to) || m.envelopeTo.some((a) => a.toLowerCase() === to)) : store);
    }
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      store = [];
      return json(200, { deleted: true });
    }
    let match = /^\/api\/messages\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      const mail = byId(match[1]);
      return mail ? json(200, mail) : json(404, { error: 'not found' });
    }
    match = /^\/messages\/([^/]+)\.(html|txt)$/.exec(url.pathname);
    if (match && req.method === 'GET') {
      const mail = byId(match[1]);
      if (!mail) return send(404, 'text/plain', 'Messaggio non trovato');
      if (match[2] === 'txt') return send(200, 'text/plain', mail.text);
      // The mail's own HTML, isolated from this page: no scripts, no same-origin access.
      return send(200, 'text/html', mail.html || `<pre>${escapeHtml(mail.text)}</pre>`, { 'content-security-policy': 'sandbox allow-popups allow-popups-to-escape-sandbox' });
    }
    if (url.pathname === '/clear' && req.method === 'POST') {
      store = [];
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    if (url.pathname === '/' && req.method === 'GET') return send(200, 'text/html', renderIndex(store));
    return send(404, 'text/plain', 'Not found');
  });

  const smtpPort = await listenSmtp(smtp, options.smtpPort);
  // Client-side errors (a sender hanging up mid-message) are emitted here; they must not crash the stack.
  smtp.on('error', () => undefined);
  let httpPort: number;
  try {
    httpPort = await listenHttp(httpServer, options.httpPort);
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }

  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages: () => [...store],
    clear: () => {
      store = [];
    },
    async stop() {
      httpServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => httpServer.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
