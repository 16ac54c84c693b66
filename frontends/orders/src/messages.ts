import { paymentStatusLabels, shipmentToasts } from '@smista/contracts';

/**
 * Italian texts of the orders remote. Texts quoted by the product spec (§2 Orders, §4 badges, §8
 * Orders and Integrations) are word for word; the rest are ours in the same voice. The validation
 * messages the server answers live in `@smista/contracts` (`orderMessages`).
 */
export const t = {
  loading: 'Caricamento...',
  retry: 'Riprova',
  noMerchantTitle: 'Nessun merchant selezionato',
  noMerchant: 'Seleziona un merchant per vedere i suoi ordini.',

  title: 'Ordini',
  subtitle: 'Gli ordini dei marketplace collegati, da spedire e già spediti.',
  syncAll: 'Sincronizza tutto',
  syncing: 'Sincronizzazione...',
  searchPlaceholder: 'Cerca per ID ordine o cliente...',
  searchLabel: 'Cerca ordini',
  filterPanel: 'Filtri degli ordini',
  statusFilter: 'Stato ordine',
  integrationFilter: 'Integrazione',
  marketplaceFilter: 'Marketplace',
  problemFilter: 'Problemi',
  startDate: 'Dal',
  endDate: 'Al',
  all: 'Tutti',
  allFeminine: 'Tutte',
  integrationTabs: 'Integrazioni',
  statusTabs: 'Stato degli ordini',
  syncIntegration: (name: string) => `Sincronizza ${name}`,
  integrationInactive: 'Integrazione disattivata',

  /**
   * Spec §2 status tabs (Tutti, Da spedire, Spedito, Consegnato) and §4 filter values, with a tab for
   * every status so that the counts add up to 'Tutti' (issue 19): 'Da pagare' (orders to ship not
   * paid yet), 'In transito' and 'Annullato' too.
   */
  statusTabLabels: {
    all: 'Tutti',
    TO_PAY: 'Da pagare',
    TO_SHIP: 'Da spedire',
    IN_TRANSIT: 'In transito',
    SHIPPED: 'Spedito',
    DELIVERED: 'Consegnato',
    CANCELLED: 'Annullato',
  },
  statusLabels: {
    TO_PAY: 'Da pagare',
    TO_SHIP: 'Da spedire',
    IN_TRANSIT: 'In transito',
    SHIPPED: 'Spedito',
    DELIVERED: 'Consegnato',
    CANCELLED: 'Annullato',
  },
  /** Spec §4 badges: the orange one reads 'da spedire'. */
  statusBadges: {
    toPay: 'da pagare',
    toShip: 'da spedire',
    inTransit: 'In transito',
    shipped: 'Spedito',
    processing: 'In elaborazione',
    delivered: 'Consegnato',
    completed: 'Completato',
    cancelled: 'Annullato',
    failed: 'Non riuscito',
  },
  /** The payment statuses' names, the contracts' (the texts of the server name them alike). */
  paymentBadges: paymentStatusLabels as Record<string, string>,

  columns: {
    select: 'Seleziona',
    order: 'Ordine',
    customer: 'Cliente',
    date: 'Data',
    total: 'Totale',
    status: 'Stato',
    payment: 'Pagamento',
    actions: 'Azioni',
  },
  sortAscending: (column: string) => `${column}: ordinato in modo crescente`,
  sortDescending: (column: string) => `${column}: ordinato in modo decrescente`,
  sortBy: (column: string) => `Ordina per ${column}`,
  details: 'Dettagli',
  hideDetails: 'Nascondi dettagli',
  expand: (id: string) => `Mostra i dettagli dell'ordine ${id}`,
  collapse: (id: string) => `Nascondi i dettagli dell'ordine ${id}`,
  selectOrder: (id: string) => `Seleziona l'ordine ${id}`,
  selectPage: 'Seleziona tutti gli ordini della pagina',
  openOrder: 'Apri',
  openOrderLabel: (id: string) => `Apri l'ordine ${id}`,
  itemsCount: (n: number) => (n === 1 ? '1 articolo' : `${n} articoli`),

  selection: {
    count: (n: number) => (n === 0 ? 'Nessun ordine selezionato' : n === 1 ? '1 ordine selezionato' : `${n} ordini selezionati`),
    selectAll: 'Seleziona tutti',
    deselectAll: 'Deseleziona tutti',
  },

  pagination: {
    label: 'Paginazione degli ordini',
    shown: (from: string, to: string, total: string) => `Mostrando ${from} - ${to} di ${total} ordini`,
  },

  empty: {
    noIntegrations: 'Non hai ancora integrato nessun marketplace.',
    noIntegrationsHint: 'Collega un marketplace per importare i tuoi ordini.',
    configure: 'Configura le integrazioni',
    noOrders: 'Nessun ordine',
    noOrdersFiltered: 'Nessun ordine corrisponde ai filtri: prova a modificarli o a rimuoverli.',
    noOrdersYet: 'Non ci sono ancora ordini: sincronizza le integrazioni per importarli.',
  },

  errors: {
    ordersTitle: 'Errore nel caricamento degli ordini',
    integrationsTitle: 'Errore nel caricamento delle integrazioni',
    connection: 'Verifica la connessione e riprova più tardi.',
    items: "Impossibile caricare i prodotti dell'ordine",
    carriers: 'Impossibile caricare le integrazioni corriere.',
  },

  sync: {
    started: 'Sincronizzazione avviata',
    startedMany: 'Sincronizzazioni avviate',
    startedCount: (ok: number, total: number) => `${ok} di ${total} integrazioni in sincronizzazione`,
    failed: (status: number | string) => `Errore durante la sincronizzazione: ${status}`,
    startFailed: "Si è verificato un errore durante l'avvio della sincronizzazione",
    startFailedMany: "Si è verificato un errore durante l'avvio delle sincronizzazioni",
    progress: (synced: string, found: string) => `Sincronizzazione in corso: ${synced}/${found} ordini`,
    searching: 'Sincronizzazione in corso: ricerca degli ordini...',
    progressOf: (name: string) => `Avanzamento della sincronizzazione di ${name}`,
    completed: 'Sincronizzazione completata',
    completedMany: 'Sincronizzazioni completate',
    imported: (n: string) => (n === '1' ? '1 ordine importato' : `${n} ordini importati`),
    importedFrom: (n: string, name: string) => (n === '1' ? `1 ordine importato da ${name}` : `${n} ordini importati da ${name}`),
    jobFailed: 'Sincronizzazione non riuscita',
    jobFailedDefault: 'La sincronizzazione si è interrotta per un errore. Riprova più tardi.',
  },

  panel: {
    customer: 'Cliente',
    name: 'Nome',
    email: 'Email',
    username: 'Username',
    status: 'Stato',
    orderStatus: 'Stato ordine',
    paymentStatus: 'Pagamento',
    marketplace: 'Marketplace',
    externalId: 'ID ordine marketplace',
    externalStatus: 'Stato sul marketplace',
    externalPaymentStatus: 'Pagamento sul marketplace',
    orderDate: 'Data ordine',
    shipBy: 'Spedire entro',
    lastSynced: 'Ultima sincronizzazione',
    address: 'Indirizzo di spedizione',
    noAddress: 'Nessun indirizzo di spedizione',
    phone: 'Telefono',
    carrier: 'Gestione corriere',
    carrierLabel: 'Corriere',
    noCarrier: 'Nessun corriere',
    carrierUnavailable: (id: number) => `Integrazione #${id} (non attiva)`,
    carrierHint: 'Il corriere scelto viene usato per creare la spedizione di questo ordine.',
    /** How the carrier was chosen (shipping rules): by a rule, by hand (rules leave it alone). */
    appliedRule: (name: string) => `Scelto dalla regola '${name}'`,
    manualCarrier: 'Scelto a mano: le regole di spedizione non lo cambiano',
    shippingService: 'Servizio di spedizione',
    express: 'Express',
    products: 'Prodotti ordinati',
    noProducts: 'Nessun prodotto',
    sku: 'SKU',
    quantity: 'Quantità',
    unitPrice: 'Prezzo unitario',
    variant: 'Variante',
    productImage: (title: string) => `Immagine di ${title}`,
  },

  carrier: {
    updated: 'Corriere aggiornato',
    updateFailed: "Errore nell'aggiornamento del corriere",
  },

  tracking: {
    update: 'Aggiorna tracking',
    updating: 'Aggiornamento...',
    updated: 'Tracking aggiornato',
    none: 'Nessun tracking da aggiornare',
    failed: 'Errore aggiornamento tracking',
  },

  /**
   * The bulk actions of spec §2 ('Crea spedizioni', 'Stampa etichette', 'Aggiorna tracking' of the
   * selection) with their §8 Orders texts, word for word from the contracts (`shipmentToasts`).
   */
  bulk: {
    actions: 'Azioni sugli ordini selezionati',
    createShipments: 'Crea spedizioni',
    creating: 'Creazione...',
    printLabels: 'Stampa etichette',
    updateTracking: 'Aggiorna tracking',
    updatingTracking: 'Aggiornamento...',
    createFailed: shipmentToasts.createShipmentsError,
    created: shipmentToasts.shipmentsCreated,
    partial: (ok: number, total: number) => shipmentToasts.partialUpdate(ok, total),
    printNoLabels: shipmentToasts.noLabelsForOrders,
    popupBlocked: shipmentToasts.popupBlocked,
    noTracking: shipmentToasts.noTrackingToUpdate,
    labelsOpened: shipmentToasts.labelsOpened,
    labelsCount: (labels: number, orders: number) =>
      `${labels === 1 ? '1 etichetta' : `${labels} etichette`} di ${orders === 1 ? '1 ordine' : `${orders} ordini`} in un unico PDF`,
    trackingUpdated: shipmentToasts.trackingUpdated,
    trackingCount: (n: number) => (n === 1 ? '1 ordine aggiornato' : `${n} ordini aggiornati`),
    trackingFailed: shipmentToasts.trackingError,
    noSelection: 'Nessun ordine selezionato',
    /** 'Aggiorna tracking' of the selection is off until a selected order has a shipment with tracking. */
    noTrackingInSelection: 'Nessun ordine selezionato ha una spedizione con numero di tracking',
  },

  /**
   * Issue 19: 'Crea spedizioni' of a selection with orders not paid asks first, naming the payment
   * of each (the shipment's audit then records who confirmed).
   */
  unpaid: {
    title: 'Ordini non pagati',
    intro: (n: number, total: number) =>
      n === total
        ? n === 1
          ? "L'ordine selezionato non è pagato:"
          : `Gli ${n} ordini selezionati non sono pagati:`
        : `${n === 1 ? 'Uno degli ordini selezionati non è pagato' : `${n} degli ordini selezionati non sono pagati`}:`,
    /** 'pagamento in attesa' (one line per order, with its number). */
    line: (externalId: string, payment: string) => `${externalId}: pagamento ${payment.toLowerCase()}`,
    more: (n: number) => (n === 1 ? 'e un altro ordine' : `e altri ${n} ordini`),
    question: 'Spedire un ordine prima del pagamento è un rischio: crea la spedizione solo se sei sicuro. La conferma resta nel registro della spedizione, con il tuo nome.',
    cancel: 'Annulla',
    paidOnly: (n: number) => (n === 1 ? "Crea solo per l'ordine pagato" : `Crea solo per i ${n} ordini pagati`),
    confirm: (n: number) => (n === 1 ? "Crea anche per l'ordine non pagato" : `Crea anche per i ${n} ordini non pagati`),
  },

  /** In the panel of an order waiting in 'Da pagare'. */
  heldForPayment: (payment: string) =>
    `Pagamento ${payment.toLowerCase()}: l'ordine resta in 'Da pagare', le regole di spedizione non gli assegnano un corriere e 'Crea spedizioni' chiede conferma finché non è pagato.`,

  /** The order's shipments in its panel and page. */
  shipments: {
    title: 'Spedizioni',
    none: 'Nessuna spedizione per questo ordine.',
    noneHint: 'Selezionala nella lista e scegli «Crea spedizioni».',
    tracking: 'Tracking',
    noTracking: 'Nessun tracking',
    carrier: 'Corriere',
    label: 'Etichetta pronta',
    open: 'Vedi nelle spedizioni',
    openLabel: (id: number) => `Vedi la spedizione #${id} nella lista delle spedizioni`,
    shipment: (id: number) => `Spedizione #${id}`,
  },

  detail: {
    back: 'Torna agli ordini',
    title: (id: string) => `Ordine ${id}`,
    notFound: 'Ordine non trovato',
    notFoundText: "L'ordine richiesto non esiste o appartiene a un altro merchant.",
    loadFailed: "Impossibile caricare l'ordine.",
  },
} as const;
