import { cancellationMessages, marketplaceName, shipmentToasts } from '@smista/contracts';
import { parcelMessages } from './parcel-messages';

/**
 * Italian texts of the shipments remote. Texts quoted by the product spec (§2 Shipments, §4 badges,
 * §5 shipment address, §8 Shipments) are word for word; the §8 toasts and the §5 validation texts
 * come from `@smista/contracts` (`shipmentToasts`, `shipmentMessages`), so they are said one way
 * only. The rest are ours in the same voice.
 */
export const t = {
  loading: 'Caricamento...',
  retry: 'Riprova',
  cancel: 'Annulla',
  close: 'Chiudi',
  save: 'Salva',
  saving: 'Salvataggio...',
  noMerchantTitle: 'Nessun merchant selezionato',
  noMerchant: 'Seleziona un merchant per vedere le sue spedizioni.',

  title: 'Spedizioni',
  subtitle: 'Le spedizioni create dagli ordini: etichette, tracking e chiusura della giornata.',
  processAll: 'Processa Tutte',
  processingAll: 'Elaborazione...',
  processAllHint: 'Crea le etichette di tutte le spedizioni in attesa',
  newShipment: 'Nuova',
  newShipmentHint: 'Crea un ordine a mano (destinatario, indirizzo, articoli) e poi la sua spedizione; per gli ordini dei marketplace scegli «Crea spedizioni» negli Ordini',
  searchPlaceholder: 'Cerca per ordine, cliente o tracking...',
  searchLabel: 'Cerca spedizioni',
  filterPanel: 'Filtri delle spedizioni',
  carrierFilter: 'Corriere',
  allCarriers: 'Tutti i corrieri',
  statusTabs: 'Stato delle spedizioni',
  /** Spec §2 status tabs. */
  statusTabLabels: { all: 'Tutte', pending: 'Attesa', shipped: 'Spedite', error: 'Errori', da_stampare: 'Da stampare' },

  columns: {
    select: 'Seleziona',
    order: 'Ordine',
    recipient: 'Destinatario',
    city: 'Città',
    country: 'Paese',
    status: 'Stato',
    tracking: 'Tracking',
    carrier: 'Corriere',
    date: 'Data',
    actions: 'Azioni',
  },
  /** Spec §2: the recipient's fallback. */
  noRecipientName: 'Nome non disponibile',
  noTracking: 'Nessun tracking',
  noCarrier: 'Nessun corriere',
  carrierUnknown: (id: number) => `Integrazione #${id}`,
  changeCarrier: 'Cambia',
  changeCarrierLabel: (order: string) => `Cambia il corriere della spedizione dell'ordine ${order}`,
  selectShipment: (order: string) => `Seleziona la spedizione dell'ordine ${order}`,
  selectPage: 'Seleziona tutte le spedizioni della pagina',
  rowActions: (order: string) => `Azioni della spedizione dell'ordine ${order}`,
  labelPrinted: 'Etichetta stampata',
  labelNotPrinted: 'Etichetta non stampata',
  created: 'Creata',
  problem: 'Problema',

  selection: {
    /** Spec §2: 'selezionata' / 'selezionate'. */
    count: (n: number) => (n === 0 ? 'Nessuna spedizione selezionata' : n === 1 ? '1 selezionata' : `${n} selezionate`),
    selectAll: 'Seleziona tutte',
    deselectAll: 'Deseleziona tutte',
    process: 'Processa',
    processSelected: 'Processa Selezionate',
    printLabels: 'Stampa Etichette',
    transmitGls: 'Trasmetti GLS',
  },

  menu: {
    details: 'Dettagli',
    editAddress: 'Modifica indirizzo',
    editCarrier: 'Modifica corriere',
    process: 'Processa Spedizione',
    cancel: 'Annulla Spedizione',
    closeWorkday: 'Chiudi Giornata GLS',
    updateTracking: 'Aggiorna tracking',
    track: 'Traccia Spedizione',
    printLabel: 'Stampa etichetta',
  },

  /**
   * 'Annulla Spedizione': what cancelling does, said before the click for each way the contracts'
   * `cancellationOf` gives (here, at the carrier, the code back to its pool, or in Smista only
   * where the carrier cannot cancel).
   */
  cancelDialog: {
    title: 'Annulla Spedizione',
    question: (order: string) => `Vuoi annullare la spedizione dell'ordine ${order}?`,
    here: "L'etichetta non è ancora stata creata: non c'è nulla da annullare presso il corriere.",
    carrier: (carrier: string) => `La spedizione viene cancellata anche presso ${carrier}.`,
    pool: 'Il codice di tracking torna disponibile per una nuova spedizione.',
    smistaOnlyTitle: 'Il corriere non può annullare questa spedizione',
    smistaOnly:
      "Puoi annullarla solo in Smista: l'etichetta resta segnata come da non usare e non va consegnata al corriere. Il registro delle chiamate dirà perché.",
    posteCheck: 'Prima di annullarla chiediamo a Poste se ha già preso in carico il pacco: in quel caso non si può più annullare.',
    confirm: 'Annulla spedizione',
    confirmSmistaOnly: 'Annulla solo in Smista',
    pending: 'Annullamento...',
    keep: 'Non annullare',
  },
  /** The flag of a label voided in Smista only: in full (details), short (list rows and cards, the reason on hover). */
  labelVoided: cancellationMessages.labelVoided,
  labelVoidedShort: 'Etichetta da non usare',

  closeDialog: {
    title: 'Chiudi Giornata GLS',
    text: (n: number) =>
      n === 1
        ? 'La spedizione viene confermata a GLS e inclusa nella distinta di oggi. Dopo la chiusura non si può più annullare presso GLS.'
        : `${n} spedizioni vengono confermate a GLS e incluse nella distinta di oggi. Dopo la chiusura non si possono più annullare presso GLS.`,
    confirm: 'Chiudi giornata',
    pending: 'Chiusura...',
  },

  carrierDialog: {
    /** Spec §2. */
    title: 'Gestione Corriere',
    text: (order: string) => `Scegli il corriere della spedizione dell'ordine ${order}.`,
    label: 'Corriere',
    placeholder: 'Seleziona un corriere',
    hint: "Il corriere si può cambiare finché l'etichetta non è stata creata.",
    loadFailed: 'Impossibile caricare le integrazioni corriere.',
  },

  addressDialog: {
    /** Spec §2: 'Modifica Indirizzo Spedizione #id'. */
    title: (id: number) => `Modifica Indirizzo Spedizione #${id}`,
    text: "L'indirizzo si può modificare finché l'etichetta non è stata creata.",
    fields: {
      recipientName: 'Nome destinatario',
      addressLine1: 'Indirizzo',
      addressLine2: 'Indirizzo (riga 2)',
      city: 'Città',
      state: 'Provincia',
      postalCode: 'Codice postale',
      country: 'Paese',
      countryCode: 'Codice paese',
      phoneNumber: 'Telefono',
      recipientEmail: 'Email destinatario',
    },
    optional: 'facoltativo',
  },

  details: {
    title: (order: string) => `Spedizione dell'ordine ${order}`,
    subtitle: (id: number) => `Spedizione #${id}`,
    loadFailed: 'Impossibile caricare i dettagli della spedizione.',
    notFound: 'Spedizione non trovata',
    order: 'Ordine',
    orderId: 'ID ordine',
    externalId: 'ID ordine marketplace',
    marketplace: 'Marketplace',
    recipient: 'Destinatario',
    address: 'Indirizzo',
    phone: 'Telefono',
    email: 'Email',
    shipment: 'Spedizione',
    status: 'Stato',
    carrier: 'Corriere',
    trackingNumber: 'Numero di tracking',
    carrierShipmentNumber: 'Numero spedizione corriere',
    label: 'Etichetta',
    labelAvailable: 'Disponibile',
    labelMissing: 'Non ancora creata',
    labelPrintedAt: 'Etichetta stampata il',
    createdAt: 'Creata il',
    updatedAt: 'Aggiornata il',
    shippedAt: 'Spedita il',
    estimatedDelivery: 'Consegna prevista',
    deliveredAt: 'Consegnata il',
    lastAttemptAt: 'Ultimo tentativo',
    retryCount: 'Tentativi falliti',
    error: 'Errore',
    errorCode: 'Codice errore',
    problem: 'Problema',
    /** Issue 26: the carrier's tracking, its last status and every step it reported. */
    tracking: 'Tracking',
    trackingStatus: 'Stato',
    trackingDescription: 'Ultimo movimento',
    trackingUpdatedAt: 'Aggiornato il',
    trackingSteps: 'Passaggi del tracking, dal più recente',
    trackingEmpty: 'Nessun evento di tracking ancora',
    trackPage: 'Apri la pagina di tracking del corriere',
    workday: 'Chiusura giornata',
    workdayStatus: 'Stato',
    workdayMessage: 'Esito',
    workdayAt: 'Chiusa il',
    manifest: 'Distinta',
    manifestLink: 'Scarica la distinta (PDF)',
    workdayNone: 'Giornata non ancora chiusa per questa spedizione.',
    marketplaceTracking: 'Tracking sul marketplace',
    marketplaceStatus: 'Stato invio',
    marketplaceError: 'Errore',
    /** Why a skipped push was not made (not an error: nothing was called). */
    marketplaceReason: 'Motivo',
    marketplaceAttempts: 'Tentativi',
    marketplaceLastAttempt: 'Ultimo tentativo',
    marketplaceUpdatedAt: 'Inviato il',
    marketplaceNone: 'Il tracking non è ancora stato inviato al marketplace.',
    /** The shipment's order has no marketplace integration (deleted, or none). */
    marketplaceNoIntegration: 'Questa spedizione non ha un marketplace a cui inviare il tracking.',
    /** The marketplace integration's 'Aggiorna tracking automaticamente' is off. */
    marketplaceAutoOff: (marketplace: string) =>
      `L'invio automatico del tracking a ${marketplaceName(marketplace)} è disattivato per questa integrazione: il tracking di questa spedizione non parte da solo.`,
    sendTrackingNow: 'Invia tracking ora',
    sendingTracking: 'Invio in corso...',
    sendTrackingHint: (marketplace: string) => `Invia a ${marketplaceName(marketplace)} il numero di tracking di questa spedizione`,
    autoTrackingSettings: "Impostazioni dell'integrazione",
    audit: 'Registro delle chiamate',
    auditHint: 'Ogni chiamata al corriere e al marketplace fatta per questa spedizione, con il suo esito.',
    auditEmpty: 'Nessuna chiamata registrata.',
    auditColumns: { operation: 'Operazione', time: 'Quando', duration: 'Durata', outcome: 'Esito', message: 'Messaggio del fornitore' },
    auditAttempt: (n: number) => `tentativo ${n}`,
  },

  durationMs: (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('it-IT', { maximumFractionDigits: 1 })} s`),

  progress: {
    /** 'Elaborazione 120 di 1000...'. */
    text: (done: string, total: string) => `Elaborazione ${done} di ${total}...`,
    starting: 'Elaborazione in corso...',
    label: 'Avanzamento del processamento',
  },

  pagination: {
    label: 'Paginazione delle spedizioni',
    /** Spec §2: 'Mostrando X - Y di N spedizioni'. */
    shown: (from: string, to: string, total: string) => `Mostrando ${from} - ${to} di ${total} spedizioni`,
  },

  empty: {
    /** Spec §2 empty state. */
    title: 'Nessuna spedizione',
    firstShipment: 'Crea Prima Spedizione',
    hint: 'Le spedizioni nascono dagli ordini: seleziona gli ordini da spedire e crea le loro spedizioni.',
    filtered: 'Nessuna spedizione corrisponde ai filtri: prova a modificarli o a rimuoverli.',
    errorsTab: 'Nessun problema: nessuna etichetta fallita e nessuna spedizione ferma.',
  },

  errors: {
    listTitle: 'Errore nel caricamento delle spedizioni',
    connection: 'Verifica la connessione e riprova più tardi.',
  },

  /** Spec §8 Shipments toasts (contracts), plus the summaries we add. */
  toasts: shipmentToasts,
  labelsOpenedText: (n: number, skipped: number) =>
    `${n === 1 ? '1 etichetta' : `${n} etichette`} in un unico PDF${skipped === 0 ? '' : skipped === 1 ? '; 1 spedizione senza etichetta esclusa' : `; ${skipped} spedizioni senza etichetta escluse`}`,
  moreErrors: (n: number) => (n === 1 ? 'e un altro errore' : `e altri ${n} errori`),
  parcel: parcelMessages,
} as const;
