import fs from 'node:fs';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { launchBrowser } from './browser';
import { createTestDatabase, dropTestDatabase } from './db';
import { extractLinks, listMails, waitForMail } from './mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function send(to: string, subject: string, extra: { html?: string; text?: string } = {}): Promise<void> {
  const transport = nodemailer.createTransport(process.env.TEST_SMTP_URL!);
  await transport.sendMail({ from: 'Smista <no-reply@smista.local>', to, subject, text: extra.text ?? 'testo', html: extra.html });
  transport.close();
}

describe('createTestDatabase', () => {
  test('creates a distinct, usable database each time', async () => {
    const [a, b] = await Promise.all([createTestDatabase('Identity-Suite'), createTestDatabase('Identity-Suite')]);
    expect(a).not.toBe(b);
    const client = new pg.Client({ connectionString: a });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows[0].db).toMatch(/^identity_suite_w\d+_[a-z0-9]+_[0-9a-f]{6}$/);

    await dropTestDatabase(b);
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(b).pathname.slice(1)]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});

describe('waitForMail', () => {
  test('waits for a message that arrives later, matching recipient and subject', async () => {
    const to = `mario.${unique()}@example.it`;
    await send(to, 'Benvenuto');
    setTimeout(() => void send(to, 'Reimposta la password', { html: '<a href="http://127.0.0.1:8080/reset-password?token=a&amp;b=1">Reimposta</a>', text: 'Vai a http://127.0.0.1:8080/reset-password?token=a&b=1' }), 400);
    const mail = await waitForMail({ to: to.toUpperCase(), subjectIncludes: 'password', timeoutMs: 5000 });
    expect(mail.subject).toBe('Reimposta la password');
    expect(mail.from).toBe('Smista <no-reply@smista.local>');
    expect(extractLinks(mail)).toEqual(['http://127.0.0.1:8080/reset-password?token=a&b=1']);
    expect((await listMails({ to })).map((m) => m.subject)).toEqual(['Reimposta la password', 'Benvenuto']);
  });

  test('times out with what did arrive', async () => {
    const to = `lucia.${unique()}@example.it`;
    await send(to, 'Invito');
    await expect(waitForMail({ to, subjectIncludes: 'Fattura', timeoutMs: 300 })).rejects.toThrow(
      `Nessuna e-mail per ${to} con oggetto che contiene «Fattura» entro 0.3 s; arrivate per ${to}: «Invito»`,
    );
  });
});

describe('launchBrowser', () => {
  test('opens headless chromium with a temporary profile and renders a page', async () => {
    const to = `anna.${unique()}@example.it`;
    await send(to, 'Messaggio per il browser');
    const browser = await launchBrowser({ baseURL: process.env.TEST_MAIL_URL });
    try {
      expect(fs.existsSync(browser.userDataDir)).toBe(true);
      await browser.page.goto('/');
      await expect(browser.page.getByText('Messaggio per il browser').first().isVisible()).resolves.toBe(true);
      expect(await browser.page.evaluate(() => navigator.language)).toBe('it-IT');
    } finally {
      await browser.close();
    }
    expect(fs.existsSync(browser.userDataDir)).toBe(false);
  }, 60_000);
});
