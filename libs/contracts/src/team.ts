import { z } from 'zod';

export const teamMessages = {
  inviteEmailInvalid: 'Inserisci un indirizzo email valido',
  roleInvalid: 'Ruolo non valido',
  inviteInvalid: 'Invito non valido',
  inviteEmailMismatch: "Questo invito è destinato a un altro indirizzo email. Accedi con l'indirizzo invitato.",
  alreadyMember: 'Questo utente fa già parte del team',
  invitePending: 'Esiste già un invito in attesa per questo indirizzo',
  adminOnly: 'Solo un amministratore può gestire il team',
  lastAdmin: "Il merchant deve avere almeno un amministratore: non puoi rimuovere o declassare l'ultimo",
  memberNotFound: 'Membro non trovato',
  inviteNotFound: 'Invito non trovato',
  inviteSubject: (merchantName: string) => `Invito a unirti a ${merchantName} su Smista`,
  ssoRequiredInvalid: "Indica se l'accesso con SSO è obbligatorio (vero o falso)",
} as const;


/** `PUT /api/merchants/{merchantId}/sso-required`. */
export const ssoRequiredSchema = z.object({ required: z.boolean(teamMessages.ssoRequiredInvalid) });

export const roles = ['admin', 'user'] as const;

/** POST /api/merchants/{merchantId}/invites (spec §5: role default user). */
export const createInviteSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email(teamMessages.inviteEmailInvalid)),
  role: z.enum(roles, teamMessages.roleInvalid).default('user'),
});

/** PATCH /api/merchants/{merchantId}/users/{userId}. */
export const updateMemberRoleSchema = z.object({
  role: z.enum(roles, teamMessages.roleInvalid),
});

/** Invites last a week. */
export const INVITE_TTL_DAYS = 7;
