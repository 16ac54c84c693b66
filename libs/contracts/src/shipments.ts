import { z } from 'zod';
import type { PostalAddress } from './postal-address';

/**
 * Shipments (spec §2 shipments screen, §3 shipments, §4 shipment statuses and actions, §5 the
 * shipment address, §7 Shipments, §8): statuses and their Italian labels, the query of the list,
 * the bodies of the actions, and every Italian text the shipments service, the gateway and the
 * screens answer or show.
 */

/** Stored statuses (lowercase; the screens compare case-insensitively, spec §4). */
export const shipmentStatuses = ['pending', 'processing', 'shipped', 'delivered', 'error', 'cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** Spec §4 badges. */
export const shipmentStatusLabels: Record<string, string> = {
  pending: 'In attesa',
  processing: 'In elaborazione',
  shipped: 'Spedito',
  completed: 'Completato',
  delivered: 'Consegnato',
  error: 'Errore',
  failed: 'Errore',
  cancelled: 'Annullato',
};

/** The label of a status, raw when unknown (spec §4 "others shown raw"). */
export const shipmentStatusLabel = (status: string): string => {
  const key = status.toLowerCase();
  // Own keys only: 'constructor' or 'toString' are raw statuses, not the prototype's functions.
  return Object.hasOwn(shipmentStatusLabels, key) ? shipmentStatusLabels[key]! : status;
};

/** A code's Italian label from a table (own keys, any case); the code as it is when the table lacks it. */
function labelIn(table: Readonly<Record<string, string>>, code: string): string {
  const raw = code.trim();
  if (Object.hasOwn(table, raw)) return table[raw]!;
  const key = raw.toLowerCase();
  return Object.hasOwn(table, key) ? table[key]! : raw;
}

/**
 * Smista's tracking statuses (issue 26): every carrier adapter maps each of its event codes to one of
 * these, so the screens, the notifications and the buyer's page never read a carrier's own code.
 * `info` is an event that says nothing of where the parcel is (data received, a note).
 */
export const trackingStatuses = ['in_transit', 'out_for_delivery', 'delivered', 'held', 'exception', 'returned', 'info'] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

/** Statuses after which the carrier has nothing more to say: the refresher stops asking. */
export const FINAL_TRACKING_STATUSES: readonly TrackingStatus[] = ['delivered', 'returned'];

/** Whether a stored status is one of {@link trackingStatuses}. */
export const isTrackingStatus = (status: string): status is TrackingStatus => (trackingStatuses as readonly string[]).includes(status);

/**
 * Statuses that say the parcel is where it should not be (issue 26): the list marks them, and a
 * shipped shipment whose last event has one is in the Errori tab.
 */
export const PROBLEM_TRACKING_STATUSES = ['held', 'exception', 'returned'] as const satisfies readonly TrackingStatus[];
export type ProblemTrackingStatus = (typeof PROBLEM_TRACKING_STATUSES)[number];

/** Whether a stored tracking status is one of {@link PROBLEM_TRACKING_STATUSES}. */
export const isProblemTrackingStatus = (status: string | null | undefined): status is ProblemTrackingStatus =>
  typeof status === 'string' && (PROBLEM_TRACKING_STATUSES as readonly string[]).includes(status);

/** The tracking statuses in Italian, as the drawer, the list and the buyer's page write them. */
export const carrierTrackingStatusLabels: Readonly<Record<TrackingStatus, string>> = {
  in_transit: 'In transito',
  out_for_delivery: 'In consegna',
  delivered: 'Consegnata',
  held: 'In giacenza',
  exception: 'Problema di consegna',
  returned: 'Reso al mittente',
  info: 'Aggiornamento del corriere',
};
export const carrierTrackingStatusLabel = (status: string): string => labelIn(carrierTrackingStatusLabels, status);

/**
 * A stored tracking status in Italian for the screens (issue 26: never a code): one Smista does not
 * know reads as what it can only be, the carrier's update.
 *
 * @example trackingStatusText('held') // 'In giacenza'
 */
export function trackingStatusText(status: string): string {
  const key = status.trim().toLowerCase();
  return isTrackingStatus(key) ? carrierTrackingStatusLabels[key] : carrierTrackingStatusLabels.info;
}

/** What became of the tracking sent to the marketplace (the shipment's `marketplaceTrackingStatus`). */
export const marketplaceTrackingStatusLabels: Readonly<Record<string, string>> = {
  pending: 'In attesa di invio',
  pushed: 'Inviato',
  failed: 'Non riuscito',
  skipped: 'Non inviato',
};
export const marketplaceTrackingStatusLabel = (status: string): string => labelIn(marketplaceTrackingStatusLabels, status);

/** The GLS workday close of a shipment (`closeWorkdayStatus`). */
export const workdayCloseStatusLabels: Readonly<Record<string, string>> = { closed: 'Chiusa', failed: 'Non riuscita' };
export const workdayCloseStatusLabel = (status: string): string => labelIn(workdayCloseStatusLabels, status);

/** The audit trail of a shipment: each call's operation and outcome (`GET /api/shipments/{id}` `audit`). */
export const auditOperationLabels: Readonly<Record<string, string>> = {
  CreateLabel: 'Creazione etichetta',
  CancelShipment: 'Annullamento',
  CloseWorkday: 'Chiusura giornata',
  Track: 'Aggiornamento tracking',
  PushTracking: 'Invio tracking al marketplace',
  /** Issue 26: the delivery told to the marketplace (Shopify's fulfilment event). */
  ReportDelivery: 'Consegna comunicata al marketplace',
  /** Issue 19: the shipment of an order not paid, created after a person confirmed it. */
  UnpaidConfirmed: 'Conferma ordine non pagato',
};
export const auditOperationLabel = (operation: string): string => labelIn(auditOperationLabels, operation);
export const auditOutcomeLabels: Readonly<Record<string, string>> = {
  started: 'Avviata',
  ok: 'Riuscita',
  refused: 'Rifiutata',
  unavailable: 'Non raggiungibile',
  error: 'Errore',
  /** No call was made (a tracking push not sent, with why): never 'Riuscita'. */
  skipped: 'Non eseguita',
  /** A cancellation the carrier could not make, done in Smista only (the label not to be used). */
  voided: 'Annullata solo in Smista',
};
export const auditOutcomeLabel = (outcome: string): string => labelIn(auditOutcomeLabels, outcome);

/**
 * The list's status filter: the four tabs of §2 plus the other stored statuses. `error` is the
 * "problems" view (failed labels, delivery problems, shipments without tracking movement for 3
 * working days or late);
 * `da_stampare` the labelled shipments whose label was never downloaded.
 */
export const shipmentStatusFilters = ['pending', 'shipped', 'error', 'da_stampare', 'processing', 'delivered', 'cancelled'] as const;
export type ShipmentStatusFilter = (typeof shipmentStatusFilters)[number];

/**
 * Italian working days without a tracking movement after which a shipped shipment is 'stalled'
 * (issue 26: the alert, and so the Errori tab).
 */
export const STUCK_AFTER_DAYS = 3;

export const SHIPMENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const SHIPMENT_PAGE_SIZE_DEFAULT = 20;
export const SHIPMENT_PAGE_SIZE_MAX = 100;
export const SHIPMENT_SEARCH_MAX = 200;
/** Orders or shipments one bulk request may name. */
export const SHIPMENT_BULK_MAX = 1000;
/** Labels one merged PDF may hold. */
export const LABEL_MERGE_MAX = 1000;

/** Carriers whose workday is closed (spec §4: GLS only). */
export const WORKDAY_CARRIERS = ['gls'] as const;

/** Public tracking pages, by carrier code (`{tracking}` and, for GLS, `{sede}`/`{number}`). */
export const carrierTrackingUrls: Partial<Record<string, (trackingNumber: string) => string>> = {
  gls: (t) => `https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=${encodeURIComponent(t)}`,
  poste_delivery: (t) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(t)}`,
  posta_1: (t) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(t)}`,
  posta_rc: (t) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(t)}`,
  posta_pr_intl: (t) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(t)}`,
  posta_rc_intl: (t) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(t)}`,
};

/** The carrier's public tracking page of a shipment, or null when the carrier has none. */
export function trackingUrl(carrierProvider: string, trackingNumber: string): string | null {
  const make = carrierTrackingUrls[carrierProvider];
  return make && trackingNumber ? make(trackingNumber) : null;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
/** 'Pacco in giacenza: IN GIACENZA - MILANO', or the words alone when the carrier said nothing. */
const withCarrierText = (what: string, description: string) => (description.trim() ? `${what}: ${description.trim()}` : what);

/** How many orders bulk create left out, by reason. */
export interface BulkCreateSkips {
  /** The order has a live shipment already. */
  existing?: number;
  /** Unknown, or another merchant's. */
  notFound?: number;
  cancelled?: number;
  /** Not paid (in attesa, non riuscito) and not confirmed (`confirmUnpaid`). */
  unpaid?: number;
}

export const shipmentMessages = {
  // --- lookups and input ---
  shipmentNotFound: 'Spedizione non trovata',
  manifestNotFound: 'Distinta non trovata',
  pageInvalid: 'Il numero di pagina deve essere un intero maggiore o uguale a 1',
  pageSizeInvalid: 'La dimensione della pagina deve essere un intero maggiore o uguale a 1',
  statusInvalid: `Stato spedizione non valido: usa uno tra ${shipmentStatusFilters.join(', ')}`,
  carrierFilterInvalid: "Il filtro corriere deve essere l'id di un'integrazione corriere",
  searchTooLong: `La ricerca può contenere al massimo ${SHIPMENT_SEARCH_MAX} caratteri`,
  noOrdersSelected: 'Nessun ordine selezionato',
  orderIdsInvalid: 'Gli ordini devono essere indicati con il loro id numerico',
  tooManyOrders: `Puoi creare al massimo ${SHIPMENT_BULK_MAX} spedizioni per volta`,
  noShipmentsSelected: 'Nessuna spedizione selezionata',
  noGlsShippedSelected: 'Nessuna spedizione GLS spedita selezionata',
  shipmentIdsInvalid: 'Le spedizioni devono essere indicate con il loro id numerico',
  tooManyShipments: `Puoi indicare al massimo ${SHIPMENT_BULK_MAX} spedizioni per volta`,
  carrierIntegrationRequired: "Seleziona un'integrazione corriere",
  carrierIntegrationInvalid: "L'integrazione corriere deve essere un numero intero positivo",
  carrierIntegrationNotFound: 'Integrazione corriere non trovata',
  carrierIntegrationInactive: "L'integrazione corriere non è attiva: attivala prima di usarla",
  smistaOnlyInvalid: 'smistaOnly deve essere true o false',
  bulkDownloadInvalid: 'Parametro data non valido: atteso un elenco di id di spedizione separati da virgole, in base64 URL-safe',
  tooManyLabels: `Puoi scaricare al massimo ${LABEL_MERGE_MAX} etichette per volta`,

  // --- bulk create ---
  orderNotFound: 'Ordine non trovato',
  orderCancelled: 'Ordine annullato: nessuna spedizione creata',
  alreadyHasShipment: (shipmentId: number) => `Esiste già una spedizione per questo ordine (#${shipmentId})`,
  /**
   * An order not paid, asked without `confirmUnpaid` (issue 19): 'Ordine non pagato (pagamento in
   * attesa): spedizione non creata senza conferma'. `payment` from the contracts' `paymentPhrase`.
   */
  orderUnpaid: (payment: string) => `Ordine non pagato (${payment}): spedizione non creata senza conferma`,
  confirmUnpaidInvalid: 'confirmUnpaid deve essere true o false',
  /**
   * The audit row of a shipment created for an order not paid, with who confirmed it: 'Spedizione
   * creata per un ordine non pagato (pagamento in attesa): confermata da Sara Galli (sara@…)'.
   */
  unpaidConfirmed: (payment: string, who: string) => `Spedizione creata per un ordine non pagato (${payment}): confermata da ${who}`,
  /** Who confirmed, when the request did not say it as a person reads it. */
  unknownUser: (userId: string) => `utente ${userId}`,
  /**
   * Bulk create's summary, each skipped order under its own reason: '3 spedizioni create; 2 ordini
   * saltati (1 ordine ha già una spedizione, 1 ordine non trovato)'.
   */
  bulkCreated: (created: number, skipped: BulkCreateSkips = {}) => {
    const reasons = [
      skipped.existing ? `${plural(skipped.existing, 'ordine ha', 'ordini hanno')} già una spedizione` : '',
      skipped.notFound ? plural(skipped.notFound, 'ordine non trovato', 'ordini non trovati') : '',
      skipped.cancelled ? plural(skipped.cancelled, 'ordine annullato', 'ordini annullati') : '',
      skipped.unpaid ? `${plural(skipped.unpaid, 'ordine non pagato', 'ordini non pagati')} (da confermare)` : '',
    ].filter(Boolean);
    const total = (skipped.existing ?? 0) + (skipped.notFound ?? 0) + (skipped.cancelled ?? 0) + (skipped.unpaid ?? 0);
    if (created === 0) return `Nessuna spedizione creata${reasons.length ? `: ${reasons.join(', ')}` : ''}`;
    const made = plural(created, 'spedizione creata', 'spedizioni create');
    return total === 0 ? made : `${made}; ${plural(total, 'ordine saltato', 'ordini saltati')} (${reasons.join(', ')})`;
  },

  // --- actions refused by the state (spec §4) ---
  notPending: (status: string) => `La spedizione può essere processata solo se è in attesa (stato attuale: ${shipmentStatusLabel(status)})`,
  notCancellable: (status: string) => `Si può annullare solo una spedizione in attesa o spedita (stato attuale: ${shipmentStatusLabel(status)})`,
  notGlsShipped: 'La chiusura giornata è possibile solo per spedizioni GLS spedite',
  workdayAlreadyClosed: 'Giornata già chiusa per questa spedizione',
  noTrackingNumber: 'La spedizione non ha ancora un numero di tracking',
  noLabel: "La spedizione non ha un'etichetta: processala prima",
  /** The recipient was erased on the marketplace's privacy request (issue 22): the label that printed it went with it. */
  labelErased: "L'etichetta non è più disponibile: i dati del destinatario sono stati cancellati su richiesta del marketplace (privacy)",
  notEditable: (status: string) =>
    `Indirizzo e corriere si possono modificare solo prima di creare l'etichetta (stato attuale: ${shipmentStatusLabel(status)})`,
  noCarrier: 'Nessun corriere assegnato: scegli un corriere con «Modifica corriere»',
  carrierUnavailable: 'Il corriere non risponde in questo momento. Riprova più tardi.',
  noPendingShipments: 'Nessuna spedizione in attesa da processare',
  noLabelsFound: 'Nessuna etichetta trovata per le spedizioni richieste',

  // --- results ---
  labelCreated: (trackingNumber: string) => `Etichetta creata: tracking ${trackingNumber}`,
  labelCreatedWithWarnings: (trackingNumber: string, warnings: string[]) => `Etichetta creata: tracking ${trackingNumber} (${warnings.join('; ')})`,
  workdayCloseOk: 'Giornata chiusa',
  processCompleted: 'Processamento completato',
  processPartial: 'Processamento parziale',
  processFailed: 'Processamento fallito',
  processSummary: (success: number, failed: number) =>
    failed === 0
      ? `${plural(success, 'spedizione processata', 'spedizioni processate')}`
      : success === 0
        ? `${plural(failed, 'spedizione non processata', 'spedizioni non processate')}`
        : `${plural(success, 'spedizione processata', 'spedizioni processate')}, ${plural(failed, 'non riuscita', 'non riuscite')}`,
  cancelled: 'Spedizione annullata',
  cancelledCodeReleased: 'Spedizione annullata: il codice di tracking è tornato disponibile',
  workdayClosed: (n: number) => `Giornata lavorativa chiusa: ${plural(n, 'spedizione confermata', 'spedizioni confermate')} a GLS`,
  workdayPartial: (ok: number, failed: number) =>
    `Giornata lavorativa chiusa per ${plural(ok, 'spedizione', 'spedizioni')}; ${plural(failed, 'non confermata', 'non confermate')}`,
  workdayFailed: 'Nessuna spedizione confermata a GLS',
  trackingUpdated: (description: string) => (description ? `Tracking aggiornato: ${description}` : 'Tracking aggiornato'),
  trackingNoEvents: 'Tracking aggiornato: nessun movimento registrato dal corriere',
  carrierChanged: 'Corriere aggiornato',
  addressChanged: 'Indirizzo aggiornato',

  // --- the Errori tab's reasons ---
  problemLabelFailed: (reason: string) => `Etichetta non creata: ${reason}`,
  /** Issue 26: the carrier's last event is a delivery problem; each quotes the carrier's text. */
  problemException: (description: string) => withCarrierText('Problema di consegna segnalato dal corriere', description),
  problemHeld: (description: string) => withCarrierText('Pacco in giacenza', description),
  problemReturned: (description: string) => withCarrierText('Reso al mittente', description),
  /** Issue 26: no movement for STUCK_AFTER_DAYS Italian working days or more (the stored 'stalled' alert). */
  problemStalled: (workingDays: number) => `Nessun movimento da ${plural(workingDays, 'giorno lavorativo', 'giorni lavorativi')}`,
  /** Issue 26: the date promised to the buyer passed and the parcel is not delivered (the 'late' alert). */
  problemLate: 'Consegna in ritardo rispetto alla data promessa',
  /** Issue 19: the order was refunded on the marketplace while this shipment is still live. */
  problemRefunded: 'Ordine rimborsato sul marketplace con la spedizione ancora attiva: annullala se il pacco non deve partire',

  // --- §5 shipment address ---
  recipientNameRequired: 'Nome destinatario richiesto',
  addressLine1Required: 'Indirizzo richiesto',
  cityRequired: 'Città richiesta',
  postalCodeRequired: 'Codice postale richiesto',
  countryRequired: 'Paese richiesto',
  countryCodeRequired: 'Codice paese richiesto',
  countryCodeTooLong: 'Il codice paese deve avere al massimo 2 caratteri',
  emailInvalid: 'Email non valida',
  tooLong: (field: string, max: number) => `${field}: al massimo ${max} caratteri`,
} as const;

/**
 * Telling the marketplace a shipment's tracking number (marketplaces pushes it, orders asks for it
 * on demand, shipments shows each attempt in its audit trail).
 */
export const trackingPushMessages = {
  pushed: (marketplace: string) => `Tracking inviato a ${marketplace}`,
  alreadyPushed: (marketplace: string) => `Tracking già inviato a ${marketplace}`,
  /** A labelled shipment whose integration does not push tracking by itself (recorded as skipped). */
  autoUpdateOff: "Tracking non inviato automaticamente: l'aggiornamento automatico del tracking è disattivato per questa integrazione",
  /** The retries of a passing fault (quota, marketplace unreachable) are spent. */
  retriesExhausted: (marketplace: string, attempts: number, reason: string) => `Tracking non inviato a ${marketplace} dopo ${attempts} tentativi: ${reason}`,
  /** Another replica or request is pushing this shipment's tracking right now. */
  pushInProgress: (marketplace: string) => `Invio del tracking a ${marketplace} già in corso: riprova tra qualche istante`,
  retrying: 'Invio del tracking non riuscito: nuovo tentativo programmato',
  /** Issue 26: the delivery told to the marketplace (Shopify). */
  deliveryReported: (marketplace: string) => `Consegna comunicata a ${marketplace}`,
  deliveryRetrying: 'Comunicazione della consegna non riuscita: nuovo tentativo programmato',
  deliveryFailed: 'Comunicazione della consegna al marketplace non riuscita',
  skipped: 'Invio del tracking al marketplace non eseguito',
  failed: 'Invio del tracking al marketplace non riuscito',
  /** "Already fulfilled" from the marketplace, but the lines shipped with other tracking numbers. */
  shippedWithOtherTracking: (marketplace: string, lines: number, trackingNumbers: readonly string[], code: string) =>
    `${marketplace} ha rifiutato la conferma di spedizione: ${lines === 1 ? "l'articolo risulta già spedito" : 'gli articoli risultano già spediti'} su ${marketplace} con un altro numero di tracking (${trackingNumbers.join(', ')}), non con quello di questa spedizione (codice ${code})`,
  /** "Already fulfilled" from the marketplace, the lines shipped without any tracking number. */
  shippedWithoutTracking: (marketplace: string, lines: number, code: string) =>
    `${marketplace} ha rifiutato la conferma di spedizione: ${lines === 1 ? "l'articolo risulta già spedito" : 'gli articoli risultano già spediti'} su ${marketplace} senza numero di tracking, non con quello di questa spedizione (codice ${code})`,
  /** The operation named by the kit's NOT_SUPPORTED for a marketplace without tracking. */
  operation: 'invio del tracking al marketplace',
} as const;

/** §8 toasts of the shipments and orders screens. */
export const shipmentToasts = {
  processError: 'Errore processamento',
  processErrorSingle: 'Errore durante il processamento della spedizione',
  processErrorAll: 'Errore durante il processamento',
  processErrorSelected: 'Errore durante il processamento delle spedizioni selezionate',
  processFailed: 'Processamento fallito',
  processPartial: 'Processamento parziale',
  processPartialText: 'Alcune spedizioni non sono state processate',
  /** The request's answer was lost (a 5xx, the connection) while its run goes on: issue 19. */
  processContinues: 'Il processamento continua',
  processContinuesText: (done: number, total: number) =>
    `La risposta si è interrotta, ma le etichette vengono create comunque (${done} di ${total}): l'avanzamento è qui sotto e l'elenco si aggiorna alla fine`,
  cancelError: 'Errore cancellazione',
  closeError: 'Errore chiusura giornata',
  trackingError: 'Errore aggiornamento tracking',
  carrierError: "Errore nell'aggiornamento del corriere",
  addressError: "Errore nell'aggiornamento dell'indirizzo",
  editError: 'Errore modifica',
  printError: 'Errore stampa',
  labelDownloadError: 'Errore nel download etichetta',
  processed: 'Spedizione processata',
  processCompleted: 'Processamento completato',
  processedMany: 'Spedizioni processate',
  cancelled: 'Spedizione cancellata',
  workdayClosed: 'Giornata lavorativa chiusa',
  trackingUpdated: 'Tracking aggiornato',
  carrierUpdated: 'Corriere aggiornato',
  addressUpdated: 'Indirizzo aggiornato',
  labelPrinted: 'Etichetta stampata',
  labelsOpened: 'Etichette aperte',
  // orders screen
  createShipmentsError: 'Errore nella creazione delle spedizioni',
  shipmentsCreated: 'Spedizioni create',
  partialUpdate: (ok: number, total: number) => `Aggiornamento parziale (${ok}/${total})`,
  noLabelsForOrders: 'Errore stampa: Nessuna spedizione con etichette trovata per gli ordini selezionati',
  noTrackingToUpdate: 'Nessun tracking da aggiornare',
  popupBlocked: 'Popup bloccato: Abilita i popup per questo sito',
} as const;

const optionalText = z.string().optional().transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A whole number ≥ 1 written in decimal digits (at most 9 of them). */
const positiveInt = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

/** `TO_SHIP`-style case and `all` are accepted; `da_stampare` also as `DA_STAMPARE`. */
export function parseShipmentStatus(raw: string | undefined): ShipmentStatusFilter | undefined | null {
  const value = (raw ?? '').trim().toLowerCase();
  if (!value || value === 'all' || value === 'tutte') return undefined;
  if (value === 'failed') return 'error';
  return (shipmentStatusFilters as readonly string[]).includes(value) ? (value as ShipmentStatusFilter) : null;
}

/**
 * `GET /api/shipments?page&pageSize&status&carrier&search` (spec §7). `status` and `carrier`
 * absent = all; `pageSize` above 100 is clamped; unknown parameters are ignored.
 */
export const shipmentsQuerySchema = z.object({
  page: optionalText.pipe(positiveInt(shipmentMessages.pageInvalid).optional()).transform((v) => v ?? 1),
  pageSize: optionalText
    .pipe(positiveInt(shipmentMessages.pageSizeInvalid).optional())
    .transform((v) => Math.min(v ?? SHIPMENT_PAGE_SIZE_DEFAULT, SHIPMENT_PAGE_SIZE_MAX)),
  status: optionalText.transform((v, ctx) => {
    const parsed = parseShipmentStatus(v);
    if (parsed === null) ctx.addIssue({ code: 'custom', message: shipmentMessages.statusInvalid });
    return parsed ?? undefined;
  }),
  carrier: optionalText.transform((v, ctx) => {
    if (v === undefined || v.toLowerCase() === 'all') return undefined;
    if (!/^\d{1,15}$/.test(v) || Number(v) < 1) {
      ctx.addIssue({ code: 'custom', message: shipmentMessages.carrierFilterInvalid });
      return z.NEVER;
    }
    return Number(v);
  }),
  search: optionalText.pipe(z.string().max(SHIPMENT_SEARCH_MAX, shipmentMessages.searchTooLong).optional()),
  orderId: optionalText.transform((v) => (v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : undefined)),
});
export type ShipmentsQuery = z.output<typeof shipmentsQuerySchema>;

/** The shipments screen's URL: like the API query; a bad value falls back to its default. */
export function readShipmentsUrlQuery(params: URLSearchParams): ShipmentsQuery {
  const fallback = shipmentsQuerySchema.parse({});
  const out: Record<string, unknown> = { ...fallback };
  for (const key of ['page', 'pageSize', 'status', 'carrier', 'search'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    const one = shipmentsQuerySchema.safeParse({ [key]: raw });
    if (one.success && one.data[key] !== undefined) out[key] = one.data[key];
  }
  return out as ShipmentsQuery;
}

/** The shipments screen, where the header's search and other screens link to. */
export const SHIPMENTS_SCREEN_PATH = '/dashboard/shipments';

/** The shipments screen's query parameter that opens one shipment's details over the list. */
export const SHIPMENT_DETAILS_PARAM = 'shipment';

/**
 * The shipments screen with one shipment's details open (the header search's result, a shared link).
 *
 * @example shipmentDetailsLink(42) // '/dashboard/shipments?shipment=42'
 */
export function shipmentDetailsLink(shipmentId: number): string {
  return `${SHIPMENTS_SCREEN_PATH}?${new URLSearchParams({ [SHIPMENT_DETAILS_PARAM]: String(shipmentId) }).toString()}`;
}

/**
 * The shipment a screen URL asks to open ({@link shipmentDetailsLink}): a whole id from 1; null
 * when absent or not an id (nothing opens).
 *
 * @example readShipmentDetailsParam(new URLSearchParams('shipment=42')) // 42
 * @example readShipmentDetailsParam(new URLSearchParams('shipment=abc')) // null
 */
export function readShipmentDetailsParam(params: URLSearchParams): number | null {
  const raw = params.get(SHIPMENT_DETAILS_PARAM)?.trim() ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** A list of positive whole ids, 1..max, duplicates dropped (order kept); the packing slips' selection uses it too. */
export const idList = (messages: { empty: string; invalid: string; tooMany: string }, max = SHIPMENT_BULK_MAX) =>
  z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) {
      ctx.addIssue({ code: 'custom', message: messages.empty });
      return z.NEVER;
    }
    if (!Array.isArray(v) || !v.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id >= 1)) {
      ctx.addIssue({ code: 'custom', message: messages.invalid });
      return z.NEVER;
    }
    const ids = [...new Set(v as number[])];
    if (ids.length > max) {
      ctx.addIssue({ code: 'custom', message: messages.tooMany });
      return z.NEVER;
    }
    return ids;
  })
  // What the API document says a client sends (the check above gives the Italian messages).
  .meta({ type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: max });

const s = shipmentMessages;

/** `POST /api/shipments/bulk-create {orderIds}`. */
export const bulkCreateSchema = z.object({
  orderIds: idList({ empty: s.noOrdersSelected, invalid: s.orderIdsInvalid, tooMany: s.tooManyOrders }),
  /**
   * Issue 19: true creates shipments for orders not paid too (in attesa, non riuscito), recording who
   * confirmed; absent or false skips them with their reason.
   */
  confirmUnpaid: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return false;
      if (typeof v !== 'boolean') {
        ctx.addIssue({ code: 'custom', message: s.confirmUnpaidInvalid });
        return z.NEVER;
      }
      return v;
    })
    .meta({ type: 'boolean' }),
});

/** `POST /api/shipments/process-selected {shipmentIds}`. */
export const shipmentIdsSchema = z.object({
  shipmentIds: idList({ empty: s.noShipmentsSelected, invalid: s.shipmentIdsInvalid, tooMany: s.tooManyShipments }),
});

/** `POST /api/shipments/close-workday {shipmentIds}`: an empty selection has its own §5 text. */
export const closeWorkdaySchema = z.object({
  shipmentIds: idList({ empty: s.noGlsShippedSelected, invalid: s.shipmentIdsInvalid, tooMany: s.tooManyShipments }),
});

/**
 * `POST /api/shipments/{id}/cancel [{smistaOnly}]`: `smistaOnly` true confirms a void in Smista only
 * where the carrier cannot cancel (the contracts' `cancellationOf`); no body is a plain cancel.
 */
export const cancelShipmentSchema = z.object({ smistaOnly: z.boolean({ error: s.smistaOnlyInvalid }).optional() });
export type CancelShipmentData = z.output<typeof cancelShipmentSchema>;

/** `PATCH /api/shipments/{id}/carrier {carrierIntegrationId}`. */
export const shipmentCarrierSchema = z.object({
  carrierIntegrationId: z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: s.carrierIntegrationRequired });
      return z.NEVER;
    }
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: s.carrierIntegrationInvalid });
      return z.NEVER;
    }
    return n;
  }).meta({ type: 'integer', minimum: 1 }),
});

const requiredText = (message: string, field: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, s.tooLong(field, max));
const optionalField = (field: string, max: number) =>
  z
    .string({ error: s.tooLong(field, max) })
    .trim()
    .max(max, s.tooLong(field, max))
    .nullish()
    .transform((v) => v ?? '');

/**
 * Spec §5 "Shipment address edit" (`PATCH` or `PUT /api/shipments/{id}/address`): the required
 * fields with their texts, `countryCode` 2 characters (upper-cased), `recipientEmail` valid or empty.
 */
export const shipmentAddressSchema = z.object({
  recipientName: requiredText(s.recipientNameRequired, 'Nome destinatario', 100),
  addressLine1: requiredText(s.addressLine1Required, 'Indirizzo', 200),
  addressLine2: optionalField('Indirizzo (riga 2)', 200),
  city: requiredText(s.cityRequired, 'Città', 100),
  state: optionalField('Provincia', 100),
  postalCode: requiredText(s.postalCodeRequired, 'Codice postale', 20),
  country: requiredText(s.countryRequired, 'Paese', 100),
  countryCode: z
    .string({ error: s.countryCodeRequired })
    .trim()
    .min(2, s.countryCodeRequired)
    .max(2, s.countryCodeTooLong)
    .transform((v) => v.toUpperCase()),
  phoneNumber: optionalField('Telefono', 40),
  recipientEmail: z
    .string({ error: s.emailInvalid })
    .trim()
    .max(200, s.tooLong('Email', 200))
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || z.email().safeParse(v).success, s.emailInvalid),
});
export type ShipmentAddressInput = z.input<typeof shipmentAddressSchema>;
export type ShipmentAddressData = z.output<typeof shipmentAddressSchema>;

/** A shipment's address under the spec's names (§3), absent parts null or empty, as the domain and the API have it. */
export interface ShipmentAddressFields {
  recipientName: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber?: string | null;
  recipientEmail?: string | null;
}

/**
 * A shipment's address as the one postal address on the wire (`common.v1.PostalAddress`, every
 * field, the absent ones empty): recipientName → name, state → province, phoneNumber → phone,
 * recipientEmail → email. The inverse of {@link shipmentAddressOfPostal}.
 *
 * @example postalAddressOfShipment({ recipientName: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'Italia', countryCode: 'IT' }).name // 'Mario Rossi'
 */
export function postalAddressOfShipment(a: ShipmentAddressFields): Required<PostalAddress> {
  return {
    name: a.recipientName ?? '',
    companyName: '',
    contactName: '',
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    province: a.state ?? '',
    postalCode: a.postalCode,
    country: a.country,
    countryCode: a.countryCode,
    phone: a.phoneNumber ?? '',
    email: a.recipientEmail ?? '',
  };
}

/**
 * A postal address from the wire under a shipment's names (spec §3), absent parts empty strings:
 * what `shipmentAddressSchema` checks. The inverse of {@link postalAddressOfShipment}.
 */
export function shipmentAddressOfPostal(a: Partial<PostalAddress> | undefined): ShipmentAddressInput {
  return {
    recipientName: a?.name ?? '',
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? '',
    state: a?.province ?? '',
    postalCode: a?.postalCode ?? '',
    country: a?.country ?? '',
    countryCode: a?.countryCode ?? '',
    phoneNumber: a?.phone ?? '',
    recipientEmail: a?.email ?? '',
  };
}

/** The `data` of the bulk download: the ids joined by commas, in URL-safe base64 without padding. */
export function encodeLabelIds(ids: readonly number[]): string {
  const text = ids.join(',');
  const b64 = typeof btoa === 'function' ? btoa(text) : Buffer.from(text, 'latin1').toString('base64');
  return b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The ids of a bulk-download `data`, in the order given (duplicates dropped), or null when it is
 * not URL-safe (or standard) base64 of comma-joined positive ids, or names more than
 * {@link LABEL_MERGE_MAX}.
 */
export function decodeLabelIds(data: string | undefined): number[] | null {
  if (!data || data.length > 20_000 || !/^[A-Za-z0-9_\-+/]+={0,2}$/.test(data)) return null;
  const b64 = data.replace(/-/g, '+').replace(/_/g, '/');
  let text: string;
  try {
    text = typeof atob === 'function' ? atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)) : Buffer.from(b64, 'base64').toString('latin1');
  } catch {
    return null;
  }
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || !parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) >= 1)) return null;
  const ids = [...new Set(parts.map(Number))];
  return ids.length <= LABEL_MERGE_MAX ? ids : null;
}
