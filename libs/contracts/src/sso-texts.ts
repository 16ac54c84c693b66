/** Texts of the screens single sign-on adds (issue 24): the profile of an SSO user, the team's switch. */

/** Impostazioni > Team: the merchant that requires single sign-on of its members (issue 24). */
export const ssoRequirementTexts = {
  title: 'Accesso con SSO',
  label: "Richiedi l'accesso con SSO ai membri",
  description:
    "I membri che hanno effettuato l'accesso con email e password non potranno lavorare in questo merchant finché non accedono con 'Accedi con SSO'.",
  needsSsoSession: "Per attivarlo devi aver effettuato l'accesso con 'Accedi con SSO'.",
  turnedOn: "Accesso con SSO obbligatorio per i membri",
  turnedOff: "Accesso con SSO non più obbligatorio",
  failed: "Impossibile aggiornare l'accesso con SSO",
  /** Merchant selection, beside a merchant that requires SSO when this session was opened with a password. */
  selectionHint: "Richiede l'accesso con SSO: esci e usa 'Accedi con SSO'.",
} as const;

/** Profilo Utente of a user created by single sign-on, who has no Smista password yet. */
export const ssoProfileTexts = {
  title: 'Accesso tramite SSO',
  description:
    "Accedi con il provider SSO della tua azienda ('Accedi con SSO'). Se vuoi, imposta anche una password Smista per accedere con email e password.",
  open: 'Imposta password',
  formTitle: 'Imposta una password Smista',
  newPassword: 'Nuova password',
  confirmPassword: 'Conferma password',
  submit: 'Imposta password',
  submitting: 'Salvataggio...',
  done: 'Password impostata',
  doneDescription: "Ora puoi accedere sia con 'Accedi con SSO' sia con email e password.",
  failed: 'Impossibile impostare la password. Riprova più tardi.',
} as const;
