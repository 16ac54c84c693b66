import { messages, teamMessages } from '@smista/contracts';
import type { Mail } from '@smista/service-kit';
import type { Role } from '../domain';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(date);
}

/**
 * The Italian invite e-mail, in plain text and HTML: who invites (name and e-mail), to which
 * merchant, in which role (Amministratore / Utente), and the accept link, valid until `expiresAt`.
 * The link is the only secret in it.
 */
export function inviteEmail(input: {
  to: string;
  merchantName: string;
  role: Role;
  inviter: { name: string; email: string };
  link: string;
  expiresAt: Date;
}): Mail {
  const roleName = messages.roles[input.role];
  const inviter = input.inviter.name ? `${input.inviter.name} (${input.inviter.email})` : input.inviter.email;
  const until = formatDate(input.expiresAt);
  const text = [
    'Ciao,',
    '',
    `${inviter} ti ha invitato a unirti al team di ${input.merchantName} su Smista con il ruolo di ${roleName}.`,
    "Per accettare l'invito apri questo link:",
    '',
    input.link,
    '',
    `L'invito è valido fino al ${until}. Se non hai ancora un account potrai crearne uno con questo indirizzo email.`,
    "Se non ti aspettavi questo invito, ignora questa email.",
    '',
    'Il team Smista',
  ].join('\n');
  const html = `<!doctype html>
<html lang="it">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Ciao,</p>
    <p><strong>${escapeHtml(inviter)}</strong> ti ha invitato a unirti al team di <strong>${escapeHtml(input.merchantName)}</strong> su Smista con il ruolo di <strong>${escapeHtml(roleName)}</strong>.</p>
    <p>
      <a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">Accetta l'invito</a>
    </p>
    <p>Se il pulsante non funziona, copia questo indirizzo nel browser:<br /><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
    <p>L'invito è valido fino al ${escapeHtml(until)}. Se non hai ancora un account potrai crearne uno con questo indirizzo email.</p>
    <p>Se non ti aspettavi questo invito, ignora questa email.</p>
    <p>Il team Smista</p>
  </body>
</html>`;
  return { to: input.to, subject: teamMessages.inviteSubject(input.merchantName), text, html };
}
