/** The few Italian words the kit's own controls need (screen-reader labels, spinner text). */
export const uiText = {
  close: 'Chiudi',
  showPassword: 'Mostra password',
  hidePassword: 'Nascondi password',
  loading: 'Caricamento...',
  retry: 'Riprova',
  cancel: 'Annulla',
  confirm: 'Conferma',
  passwordRequirements: 'Requisiti password',
  passwordsMatch: 'Le password corrispondono',
  passwordsDoNotMatch: 'Le password non corrispondono',
} as const;
