import { resetPasswordEmail } from './reset-email';

describe('reset e-mail', () => {
  const link = 'https://app.smista.it/reset-password?token=abc_DEF-123';
  const mail = resetPasswordEmail({ email: 'anna@example.it', firstName: 'Anna <b>' }, link);

  it('is Italian, addressed to the user, with the link in text and html', () => {
    expect(mail.to).toBe('anna@example.it');
    expect(mail.subject).toBe('Reimposta la tua password Smista');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('valido per 1 ora');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes user data in the html', () => {
    expect(mail.html).toContain('Ciao Anna &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>,');
  });
});
