import nodemailer from 'nodemailer';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
});
afterAll(() => catcher.stop());

async function api(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${catcher.httpUrl}${path}`, init);
}

test('receives messages over SMTP and lists them newest first with their fields', async () => {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  await transport.sendMail({
    from: 'Smista <no-reply@smista.local>',
    to: 'mario.rossi@example.it',
    subject: 'Benvenuto in Smista',
    text: 'Ciao Mario',
    html: '<p>Ciao <b>Mario</b></p>',
  });
  await transport.sendMail({
    from: 'Smista <no-reply@smista.local>',
    to: ['Lucia <lucia@example.it>', 'anna@example.it'],
    bcc: 'nascosto@example.it',
    subject: 'Reimposta la password',
    text: 'Apri http://127.0.0.1:8080/reset-password?token=abc',
  });
  transport.close();

  const res = await api('/api/messages');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  const messages = (await res.json()) as CaughtMail[];
  expect(messages.map((m) => m.subject)).toEqual(['Reimposta la password', 'Benvenuto in Smista']);

  const [reset, welcome] = messages;
  expect(welcome).toMatchObject({
    to: 'mario.rossi@example.it',
    from: 'Smista <no-reply@smista.local>',
    subject: 'Benvenuto in Smista',
    text: 'Ciao Mario',
    html: '<p>Ciao <b>Mario</b></p>',
  });
  expect(typeof welcome.id).toBe('string');
  expect(Number.isNaN(Date.parse(welcome.date))).toBe(false);
  expect(reset.to).toBe('lucia@example.it, anna@example.it');
  expect(reset.envelopeTo.sort()).toEqual(['anna@example.it', 'lucia@example.it', 'nascosto@example.it']);
  expect(reset.html).toBe('');
  expect(Date.parse(reset.date)).toBeGreaterThanOrEqual(Date.parse(welcome.date));

  const filtered = (await (await api('/api/messages?to=anna@example.it')).json()) as CaughtMail[];
  expect(filtered.map((m) => m.id)).toEqual([reset.id]);

  const one = (await (await api(`/api/messages/${welcome.id}`)).json()) as CaughtMail;
  expect(one.subject).toBe('Benvenuto in Smista');
  const html = await api(`/messages/${welcome.id}.html`);
  expect(await html.text()).toBe('<p>Ciao <b>Mario</b></p>');
  expect(html.headers.get('content-security-policy')).toContain('sandbox');

  const page = await (await api('/')).text();
  expect(page).toContain('Reimposta la password');
  expect(page).toContain('lucia@example.it, anna@example.it');
  expect(page).toContain(`/messages/${welcome.id}.html`);
  expect(page).toContain(`/messages/${reset.id}.txt`);
});

test('escapes message content on the HTML page', async () => {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  await transport.sendMail({ from: 'a@example.it', to: 'b@example.it', subject: '<script>alert(1)</script>', text: 'x' });
  transport.close();
  const page = await (await api('/')).text();
  expect(page).not.toContain('<script>alert(1)</script>');
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
});

test('DELETE /api/messages clears the list', async () => {
  expect(catcher.messages().length).toBeGreaterThan(0);
  const res = await api('/api/messages', { method: 'DELETE' });
  expect(res.status).toBe(200);
  expect(await (await api('/api/messages')).json()).toEqual([]);
  expect(catcher.messages()).toEqual([]);
});
