import { z } from 'zod';
import { italianDate, marketplaceMessages } from './marketplaces';
import { marketplaceName } from './marketplace-catalogue';
import { posteLetterServiceNames } from './poste-messages';

/**
 * The dashboard that tells the truth (issue 11): the Italian texts of the notifications and of the
 * recent activity the activity service builds from events, the query the gateway checks, and the
 * texts the shell shows around them (empty states, 'Segna tutte come lette').
 */

/** `GET /api/notifications?limit=` and `GET /api/activity?limit=`: default and largest. */
export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

/** Notifications kinds, each with the place where the merchant fixes it. */
export const notificationKinds = [
  'sync_failed',
  'token_expiring',
  'token_refused',
  'codes_low',
  'labels_failed',
  'workday_open',
  // issue 26: a parcel on its way in trouble, one notification per parcel and cause
  'parcel_held',
  'parcel_exception',
  'parcel_stalled',
  'delivery_late',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Recent-activity kinds. */
export const activityKinds = [
  'orders_imported',
  'labels_created',
  'shipment_delivered',
  'rule_changed',
  'carriers_assigned',
  'workday_closed',
  'shipment_cancelled',
  'tracking_pushed',
  'carrier_connected',
  'carrier_switched',
  'carrier_disconnected',
  'marketplace_connected',
  'marketplace_switched',
  'marketplace_disconnected',
  'privacy_requested',
  'buyer_data_erased',
  'orders_csv_imported',
  'sso_required_changed',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * Where each notification leads (paths of the app): the place where its problem is, narrowed to it,
 * never a list that does not show it.
 */
export const notificationLinks = {
  /** The marketplace integration's own page (its status, token, last sync, 'Aggiorna Token'). */
  marketplaceIntegration: (integrationId: number) => `/dashboard/integration/${integrationId}`,
  shipmentErrors: '/dashboard/shipments?status=error',
  /** The shipments of one marketplace order (a failed label: the shipment whatever its tab now). */
  shipmentsOfOrder: (externalOrderId: string) => `/dashboard/shipments?${new URLSearchParams({ search: externalOrderId }).toString()}`,
  /** The shipped shipments of a carrier integration ('Trasmetti GLS' is there); all shipped ones without it. */
  shippedShipments: (carrierIntegrationId: number | null) =>
    carrierIntegrationId ? `/dashboard/shipments?status=shipped&carrier=${carrierIntegrationId}` : '/dashboard/shipments?status=shipped',
  /** The carrier's setup page, whose 'Gestisci' part holds the tracking-code pool. */
  carrierCodes: (carrierCode: string, integrationId: number) => `/carriers/${encodeURIComponent(carrierCode)}/setup?edit=${integrationId}`,
} as const;

const carrierNames: Record<string, string> = { gls: 'GLS', poste_delivery: 'Poste Delivery Business', ...posteLetterServiceNames };

/** A carrier's name from its code (`gls` → 'GLS'); an unknown code as it is. */
export function carrierName(code: string): string {
  const key = code.trim().toLowerCase();
  return Object.hasOwn(carrierNames, key) ? carrierNames[key]! : code;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** A parcel as a notification names it: its order and its carrier's tracking number. */
export interface ParcelRef {
  externalOrderId: string;
  carrierProvider: string;
  trackingNumber: string;
}

/** 'Il pacco dell'ordine 1001 (GLS MI123456789)'; the parts it has. */
function parcelName(p: ParcelRef): string {
  const order = p.externalOrderId.trim();
  const tracking = [p.carrierProvider.trim() ? carrierName(p.carrierProvider) : '', p.trackingNumber.trim()].filter(Boolean).join(' ');
  return `Il pacco${order ? ` dell'ordine ${order}` : ''}${tracking ? ` (${tracking})` : ''}`;
}

/** The carrier's words, quoted, when it said some. */
const quoted = (text: string) => (text.trim() ? `: «${text.trim()}»` : '');

/** 'ordine 1001' / 'ordini 1001, 1002' (the first 5, then 'e altri N'); '' for none. */
function orderList(externalIds: readonly string[]): string {
  const ids = [...new Set(externalIds.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) return '';
  const shown = ids.slice(0, 5).join(', ');
  return ids.length === 1 ? `ordine ${shown}` : `ordini ${shown}${ids.length > 5 ? ` e altri ${ids.length - 5}` : ''}`;
}

export const activityMessages = {
  // notifications: title and text
  syncFailedTitle: 'Sincronizzazione non riuscita',
  syncFailed: (marketplace: string, reason: string) =>
    `La sincronizzazione degli ordini ${marketplaceName(marketplace)} non è riuscita${reason.trim() ? `: ${reason.trim()}` : '.'}`,
  tokenExpiringTitle: 'Autorizzazione in scadenza',
  tokenExpiredTitle: 'Autorizzazione scaduta',
  tokenExpiring: (marketplace: string, expiresAt: Date, now: Date) =>
    expiresAt.getTime() <= now.getTime()
      ? marketplaceMessages.tokenExpired(marketplaceName(marketplace), italianDate(expiresAt))
      : marketplaceMessages.tokenExpiresSoon(marketplaceName(marketplace), italianDate(expiresAt)),
  tokenRefusedTitle: 'Autorizzazione rifiutata',
  tokenRefused: (marketplace: string) => marketplaceMessages.tokenRefused(marketplaceName(marketplace)),
  codesLowTitle: 'Codici di tracciamento in esaurimento',
  codesLow: (carrier: string, available: number) =>
    available <= 0
      ? `Sono finiti i codici di tracciamento ${carrierName(carrier)}: aggiungine altri per continuare a creare etichette.`
      : `${plural(available, 'Resta 1 codice', `Restano ${available} codici`)} di tracciamento ${carrierName(carrier)}: aggiungine altri prima che finiscano.`,
  labelsFailedTitle: 'Etichette non create',
  labelsFailed: (count: number, lastReason: string) =>
    count === 1
      ? `1 etichetta non creata${lastReason.trim() ? `: ${lastReason.trim()}` : '.'}`
      : `${count} etichette non create: correggi le spedizioni in errore e processale di nuovo.`,
  workdayOpenTitle: 'Giornata GLS non chiusa',
  workdayOpen: (count: number) =>
    `${plural(count, '1 spedizione GLS di oggi non è ancora stata chiusa', `${count} spedizioni GLS di oggi non sono ancora state chiuse`)}: chiudi la giornata GLS prima del ritiro.`,
  /** Issue 26: the parcel of an order, as the notifications name it ('ordine 1001, GLS MI123456789'). */
  parcelHeldTitle: 'Pacco in giacenza',
  parcelHeld: (parcel: ParcelRef, carrierText: string) =>
    `${parcelName(parcel)} è in giacenza${quoted(carrierText)}: contatta il destinatario o dai istruzioni al corriere prima che torni indietro.`,
  parcelExceptionTitle: 'Problema di consegna',
  parcelException: (parcel: ParcelRef, carrierText: string) => `${parcelName(parcel)} non è stato consegnato${quoted(carrierText)}.`,
  parcelReturnedTitle: 'Pacco reso al mittente',
  parcelReturned: (parcel: ParcelRef, carrierText: string) => `${parcelName(parcel)} torna al mittente${quoted(carrierText)}.`,
  parcelStalledTitle: 'Pacco fermo',
  parcelStalled: (parcel: ParcelRef, lastMovement: Date | null) =>
    `${parcelName(parcel)} non si muove da almeno 3 giorni lavorativi${lastMovement ? ` (ultimo movimento il ${italianDate(lastMovement)})` : ''}: chiedi al corriere dove si trova.`,
  deliveryLateTitle: 'Consegna in ritardo',
  deliveryLate: (parcel: ParcelRef, promised: Date | null) =>
    `${parcelName(parcel)} non è stato consegnato entro la data promessa all'acquirente${promised ? ` (${italianDate(promised)})` : ''}.`,

  // recent activity
  ordersImported: (count: number, marketplace: string) =>
    `${plural(count, '1 ordine importato', `${count} ordini importati`)} da ${marketplaceName(marketplace)}`,
  labelsCreated: (count: number, carrier: string | null) =>
    `${plural(count, '1 etichetta creata', `${count} etichette create`)}${carrier ? ` con ${carrierName(carrier)}` : ''}`,
  shipmentDelivered: (shipmentId: number, externalOrderId = '', lateAgainst: Date | null = null) =>
    (externalOrderId.trim() ? `Ordine ${externalOrderId.trim()} consegnato (spedizione #${shipmentId})` : `Spedizione #${shipmentId} consegnata`) +
    (lateAgainst ? `, in ritardo: promessa entro il ${italianDate(lateAgainst)}` : ''),
  /** Impostazioni > Team: an admin required single sign-on of the members, or stopped (issue 24). */
  ssoRequiredChanged: (required: boolean) =>
    required ? 'Accesso con SSO reso obbligatorio per i membri del team' : 'Accesso con SSO non più obbligatorio per i membri del team',
  ruleChanged: (name: string, change: string) =>
    `Regola di spedizione "${name}" ${change === 'created' ? 'creata' : change === 'deleted' ? 'eliminata' : 'aggiornata'}`,
  carriersAssigned: (assigned: number, total: number, onImport: boolean) =>
    onImport
      ? `Regole applicate agli ordini importati: corriere assegnato a ${assigned} ${plural(assigned, 'ordine', 'ordini')} su ${total}`
      : `Assegna Corrieri: corriere assegnato a ${assigned} ${plural(assigned, 'ordine', 'ordini')} su ${total}`,
  workdayClosed: (carrier: string, count: number) =>
    `Giornata ${carrierName(carrier || 'gls')} chiusa: ${plural(count, '1 spedizione confermata', `${count} spedizioni confermate`)}`,
  shipmentCancelled: (shipmentId: number) => `Spedizione #${shipmentId} annullata`,
  trackingPushed: (count: number, marketplace: string) =>
    `Tracking inviato a ${marketplaceName(marketplace)} per ${plural(count, '1 spedizione', `${count} spedizioni`)}`,
  carrierChanged: (change: 'connected' | 'on' | 'off' | 'disconnected', carrier: string, connectionName: string) =>
    `Corriere ${carrierName(carrier)} ${{ connected: 'collegato', on: 'attivato', off: 'disattivato', disconnected: 'scollegato' }[change]}${connectionName.trim() ? `: «${connectionName.trim()}»` : ''}`,
  /**
   * A marketplace's privacy request (issue 22), as the audit trail tells it: what was asked and what
   * Smista did. Never the customer's name or e-mail: the marketplace's order ids and request id only.
   */
  privacyRequested: (request: string, marketplace: string, externalOrderIds: readonly string[], dataRequestId: string, byEmail: boolean) => {
    const name = marketplaceName(marketplace);
    const orders = orderList(externalOrderIds);
    if (request === 'redact_shop') return `Richiesta privacy di ${name} eseguita: cancellati i dati personali dei clienti del negozio da tutti i suoi ordini e spedizioni`;
    if (request === 'redact_customer') {
      const which = [orders, byEmail ? (orders ? 'quelli del suo indirizzo e-mail' : 'gli ordini del suo indirizzo e-mail') : ''].filter(Boolean).join(' e ');
      return `Richiesta privacy di ${name} eseguita: cancellati i dati personali di un cliente da ordini e spedizioni${which ? ` (${which})` : ''}`;
    }
    const where = orders ? `i suoi dati in Smista sono ${orders.startsWith('ordine ') ? `nell'${orders}` : `negli ${orders}`}` : 'nessun ordine indicato';
    return `Richiesta di ${name} dei dati di un cliente${dataRequestId.trim() ? ` (n. ${dataRequestId.trim()})` : ''} registrata: ${where}; nessun dato cancellato`;
  },
  /**
   * Buyers' personal data erased by Smista a number of days after delivery (issue 22: Amazon's data
   * protection policy), one line per round: how many orders, never a name or an e-mail.
   */
  buyerDataErased: (count: number, marketplace: string, days: number) =>
    `Dati personali di ${plural(count, '1 ordine', `${count} ordini`)} ${marketplaceName(marketplace)} cancellati dopo ${plural(days, '1 giorno', `${days} giorni`)} dalla consegna (politica di protezione dei dati di ${marketplaceName(marketplace)})`,
  /** A CSV import of orders finished (issue 25): the file, the orders created and those already there. */
  ordersCsvImported: (fileName: string, created: number, skipped: number) =>
    `Importazione CSV${fileName.trim() ? ` «${fileName.trim()}»` : ''}: ${plural(created, '1 ordine creato', `${created} ordini creati`)}${skipped > 0 ? `, ${plural(skipped, '1 già presente', `${skipped} già presenti`)}` : ''}`,
  marketplaceChanged: (change: 'connected' | 'reconnected' | 'on' | 'off' | 'disconnected', marketplace: string, account: string) =>
    `${marketplaceName(marketplace)} ${{ connected: 'collegato', reconnected: 'ricollegato', on: 'attivato', off: 'disattivato', disconnected: 'scollegato' }[change]}${account.trim() ? `: account «${account.trim()}»` : ''}`,

  // refusals
  notificationNotFound: 'Notifica non trovata',
  limitInvalid: `Il limite deve essere un intero tra 1 e ${ACTIVITY_MAX_LIMIT}`,
  /** WORKDAY_REMINDER_AT of the activity service. */
  clockInvalid: 'Orario non valido: usa il formato HH:MM (es. 17:30)',

  // the shell
  markAllRead: 'Segna tutte come lette',
  markedAllRead: 'Tutte le notifiche sono state segnate come lette',
  noNotifications: 'Nessuna notifica',
  noNotificationsHint: 'Qui compariranno i problemi da risolvere: sincronizzazioni non riuscite, autorizzazioni in scadenza, etichette non create, pacchi in giacenza o fermi.',
  unread: (count: number) => plural(count, '1 da leggere', `${count} da leggere`),
  allRead: 'Tutte lette',
  unreadMarker: 'Non letta',
  noActivity: 'Nessuna attività recente',
  noActivityHint:
    'Qui compariranno gli ordini importati, le etichette create, il tracking inviato ai marketplace, le giornate chiuse, gli annullamenti, le consegne, i corrieri e i marketplace collegati, le modifiche alle regole, le richieste privacy dei marketplace e i dati personali cancellati dopo la consegna.',
  notificationsFailed: 'Impossibile caricare le notifiche',
  activityFailed: "Impossibile caricare l'attività recente",
  showAll: 'Vedi tutte',
} as const;

/** `?limit=`: absent = the default; anything but an integer 1–100 is refused. */
export const activityLimitQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? ACTIVITY_DEFAULT_LIMIT : /^\d{1,3}$/.test(v.trim()) ? Number(v) : -1))
    .pipe(z.number().int().min(1, activityMessages.limitInvalid).max(ACTIVITY_MAX_LIMIT, activityMessages.limitInvalid)),
});
