import { messages } from '@smista/contracts';
import type { Mail } from '@smista/service-kit';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The Italian password-reset e-mail, in plain text and HTML. The link is the only secret in it;
 * it is valid for one hour and works once.
 */
export function resetPasswordEmail(to: { email: string; firstName: string }, link: string): Mail {
  const greeting = to.firstName ? `Ciao ${to.firstName},` : 'Ciao,';
  const text = [
    greeting,
    '',
    'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Smista.',
    'Per scegliere una nuova password apri questo link:',
    '',
    link,
    '',
    "Il link è valido per 1 ora e può essere usato una sola volta.",
    "Se non hai richiesto tu il reset, ignora questa email: la tua password resterà invariata.",
    '',
    'Il team Smista',
  ].join('\n');
  const html = `<!doctype html>
<html lang="it">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5">
    <p>${escapeHtml(greeting)}</p>
    <p>abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Smista.</p>
    <p>
      <a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Reimposta la password</a>
    </p>
    <p>Se il pulsante non funziona, copia questo indirizzo nel browser:<br /><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p>Il link è valido per 1 ora e può essere usato una sola volta.</p>
    <p>Se non hai richiesto tu il reset, ignora questa email: la tua password resterà invariata.</p>
    <p>Il team Smista</p>
  </body>
</html>`;
  return { to: to.email, subject: messages.mail.resetSubject, text, html };
}
