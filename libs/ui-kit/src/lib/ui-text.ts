/**
 * The Italian words the kit's own controls need (screen-reader labels, spinner text, the list
 * controls every remote shares). A screen's own nouns ('ordini', 'spedizioni') come from its remote.
 */
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
  /** An empty value in a label / value list or a badge. */
  notAvailable: '—',
  filters: 'Filtri',
  filtersCount: (n: number) => `Filtri (${n})`,
  clearFilters: 'Rimuovi filtri',
  selectionBar: 'Selezione',
  noActiveCarriers: 'Nessun corriere attivo per questo merchant.',
  connectCarrier: 'Collega un corriere',
  pager: {
    pageSize: 'Righe per pagina',
    first: 'Prima pagina',
    previous: 'Pagina precedente',
    next: 'Pagina successiva',
    last: 'Ultima pagina',
    page: (n: number) => `Pagina ${n}`,
    pageOf: (page: string, total: string) => `Pagina ${page} di ${total}`,
  },
} as const;
