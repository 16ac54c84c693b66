import { shippingRuleConditionLabels, shippingRuleMessages } from '@smista/contracts';

/**
 * Italian texts of the rules remote. The spec's words (§2 Shipping rules, §5 the rule form) and the
 * texts the service also says (titles, toasts, the condition names) come from `@smista/contracts`
 * (`shippingRuleMessages`, `shippingRuleConditionLabels`), so they are said one way only. The rest
 * are ours in the same voice.
 */
const m = shippingRuleMessages;

export const t = {
  error: 'Errore',
  cancel: 'Annulla',
  close: 'Chiudi',
  noMerchantTitle: 'Nessun merchant selezionato',
  noMerchant: 'Seleziona un merchant per gestire le sue regole di spedizione.',

  /** Spec §2. */
  title: m.title,
  subtitle:
    "Le regole scelgono il corriere degli ordini da spedire: vince la regola attiva con il numero di priorità più basso le cui condizioni valgono tutte.",
  assign: m.assign,
  assigning: 'Assegnazione...',
  assignHint: 'Applica le regole a tutti gli ordini da spedire senza un corriere scelto a mano',
  newRule: m.newRule,
  newRuleNoCarrier: 'Collega prima un corriere attivo: ogni regola assegna un corriere',
  openPreview: 'Anteprima',
  previewHint: 'Mostra quale regola prenderebbe ogni ordine da spedire, senza modificare nulla',

  columns: {
    priority: 'Priorità',
    name: 'Nome',
    carrier: 'Corriere',
    conditions: 'Condizioni',
    status: 'Stato',
    actions: 'Azioni',
  },
  /** Spec §2: status Attiva/Disattiva. */
  status: { active: 'Attiva', inactive: 'Disattiva' },
  priorityShort: (n: number) => `Priorità ${n}`,
  edit: 'Modifica',
  editLabel: (name: string) => `Modifica la regola ${name}`,
  remove: 'Elimina',
  removeLabel: (name: string) => `Elimina la regola ${name}`,

  carrier: {
    /** A rule's carrier that is switched off or not yet verified: it receives no orders. */
    inactive: 'non attivo',
    inactiveHint: 'Questo corriere non è attivo: la regola non assegna ordini finché non viene riattivato.',
    /** A rule's carrier the merchant has deleted. */
    deleted: 'Integrazione eliminata',
    option: (name: string) => `${name} (non attivo)`,
  },

  empty: {
    /** Spec §2 empty state: no carriers configured. */
    noCarriersTitle: 'Nessun corriere configurato',
    noCarriersText: 'Le regole assegnano gli ordini a un corriere: collega e attiva almeno un corriere nelle impostazioni.',
    goToCarriers: 'Vai ai corrieri',
    /** Some rules, but no carrier can receive orders. */
    noActiveCarriersBanner: 'Nessun corriere attivo: le regole non assegnano ordini finché non ne attivi uno.',
    /** Spec §2 empty state: no rules. */
    noRulesTitle: 'Nessuna regola di spedizione',
    noRulesText:
      "Crea una regola per scegliere il corriere in automatico: all'importazione degli ordini e con 'Assegna Corrieri'. Una regola senza condizioni vale per tutti gli ordini.",
  },

  errors: {
    listTitle: 'Impossibile caricare le regole di spedizione.',
    carriersTitle: 'Impossibile caricare le integrazioni corriere.',
    connection: 'Verifica la connessione e riprova più tardi.',
    assignFailed: "Errore nell'assegnazione dei corrieri",
    saveFailed: 'Impossibile salvare la regola',
    deleteFailed: 'Impossibile eliminare la regola',
    previewFailed: "Impossibile calcolare l'anteprima.",
  },

  toasts: { created: m.created, updated: m.updated, deleted: m.deleted, assigned: m.assigned },

  deleteDialog: {
    title: 'Elimina regola',
    text: (name: string) => `Sei sicuro di voler eliminare la regola "${name}"? L'operazione non può essere annullata.`,
    confirm: 'Elimina',
    pending: 'Eliminazione...',
  },

  dialog: {
    createTitle: m.newRule,
    editTitle: 'Modifica Regola',
    createDescription: 'Gli ordini da spedire prendono il corriere della prima regola attiva (priorità più bassa) le cui condizioni valgono tutte.',
    editDescription: (name: string) => `Modifica la regola "${name}".`,
    createSubmit: 'Crea Regola',
    editSubmit: 'Salva Regola',
    saving: 'Salvataggio...',
    rule: 'Regola',
    name: 'Nome',
    namePlaceholder: 'es. Italia express',
    priority: 'Priorità',
    priorityHint: 'Il numero più basso vince: 1 è la prima regola controllata.',
    carrier: 'Corriere',
    carrierPlaceholder: 'Seleziona un corriere',
    carrierDeleted: 'Il corriere di questa regola è stato eliminato: scegline un altro.',
    active: 'Attiva',
    activeHint: 'Una regola disattivata non assegna ordini.',
    conditions: 'Condizioni',
    conditionsHint: 'Tutte facoltative: la regola vale per gli ordini che le soddisfano tutte. Nessuna condizione: vale per tutti gli ordini.',
    labels: shippingRuleConditionLabels,
    pricePlaceholder: 'es. 49,90',
    weightPlaceholder: 'es. 2,5',
    destinationsPlaceholder: 'es. IT, SM, VA',
    destinationsHint: 'Codici paese di due lettere separati da virgole.',
    express: 'Express',
    expressChoices: { all: 'Tutte', only: 'Solo express', exclude: 'Escludi express' },
  },

  preview: {
    title: 'Anteprima delle regole',
    /** Says that the dry run changes nothing. */
    nothingWritten: 'Anteprima: nessun ordine viene modificato',
    refresh: 'Aggiorna',
    close: "Chiudi l'anteprima",
    summary: 'Riepilogo',
    counts: {
      total: 'Ordini da spedire',
      assigned: 'Riceverebbero un corriere',
      unchanged: 'Già con il corriere della regola',
      manual: 'Corriere scelto a mano',
      noMatch: 'Senza regola',
      hasShipment: 'Con spedizione già creata',
      /** Issue 19: held in 'Da pagare', not counted among the orders to ship. */
      unpaid: 'Non pagati (esclusi)',
    },
    shown: (shown: number, total: number) => `Mostrati i primi ${shown} ordini di ${total}.`,
    empty: 'Nessun ordine da spedire: non c\'è niente da assegnare.',
    columns: { order: 'Ordine', buyer: 'Cliente', country: 'Paese', total: 'Totale', outcome: 'Esito', rule: 'Regola' },
    matched: (name: string, priority: number) => `${name} (priorità ${priority})`,
    noRule: 'Nessuna regola',
    carrierArrow: (carrier: string) => `Corriere: ${carrier}`,
    express: 'Express',
    weight: (kg: string) => `Peso ${kg}`,
    reasons: 'Perché le regole precedenti non valgono',
    noBuyer: 'Cliente non disponibile',
  },
} as const;
