import { inviteEmail } from './invite-email';

describe('invite e-mail', () => {
  const link = 'https://app.smista.it/accept-invite?token=abc_DEF-123&email=luca%40example.it';
  const base = {
    to: 'luca@example.it',
    merchantName: 'Bottega <Rossi>',
    role: 'admin' as const,
    inviter: { name: 'Anna Verdi', email: 'anna@example.it' },
    link,
    expiresAt: new Date('2025-03-17T12:00:00Z'),
  };

  it('is Italian: who invites, to which merchant, in which role, with the link in text and html', () => {
    const mail = inviteEmail(base);
    expect(mail.to).toBe('luca@example.it');
    expect(mail.subject).toBe('Invito a unirti a Bottega <Rossi> su Smista');
    expect(mail.text).toContain('Anna Verdi (anna@example.it) ti ha invitato a unirti al team di Bottega <Rossi> su Smista con il ruolo di Amministratore.');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('valido fino al 17 marzo 2025');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(inviteEmail({ ...base, role: 'user' }).text).toContain('con il ruolo di Utente.');
  });

  it('escapes user data in the html and falls back to the e-mail without a name', () => {
    const mail = inviteEmail({ ...base, inviter: { name: '', email: 'anna@example.it' } });
    expect(mail.html).toContain('Bottega &lt;Rossi&gt;');
    expect(mail.html).not.toContain('<Rossi>');
    expect(mail.text).toContain('anna@example.it ti ha invitato');
  });
});
