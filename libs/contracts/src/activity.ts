import { z } from 'zod';
import { italianDate, marketplaceMessages, marketplaceName } from './marketplaces';
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
export const notificationKinds = ['sync_failed', 'token_expiring', 'token_refused', 'codes_low', 'labels_failed', 'workday_open'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Recent-activity kinds. */
export const activityKinds = ['orders_imported', 'labels_created', 'shipment_delivered', 'rule_changed', 'carriers_assigned'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Where each notification leads (paths of the app). */
export const notificationLinks = {
  marketplaces: '/dashboard/marketplaces',
  shipmentErrors: '/dashboard/shipments?status=error',
  shipments: '/dashboard/shipments',
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

  // recent activity
  ordersImported: (count: number, marketplace: string) =>
    `${plural(count, '1 ordine importato', `${count} ordini importati`)} da ${marketplaceName(marketplace)}`,
  labelsCreated: (count: number, carrier: string | null) =>
    `${plural(count, '1 etichetta creata', `${count} etichette create`)}${carrier ? ` con ${carrierName(carrier)}` : ''}`,
  shipmentDelivered: (shipmentId: number) => `Spedizione #${shipmentId} consegnata`,
  ruleChanged: (name: string, change: string) =>
    `Regola di spedizione "${name}" ${change === 'created' ? 'creata' : change === 'deleted' ? 'eliminata' : 'aggiornata'}`,
  carriersAssigned: (assigned: number, total: number, onImport: boolean) =>
    onImport
      ? `Regole applicate agli ordini importati: corriere assegnato a ${assigned} ${plural(assigned, 'ordine', 'ordini')} su ${total}`
      : `Assegna Corrieri: corriere assegnato a ${assigned} ${plural(assigned, 'ordine', 'ordini')} su ${total}`,

  // refusals
  notificationNotFound: 'Notifica non trovata',
  limitInvalid: `Il limite deve essere un intero tra 1 e ${ACTIVITY_MAX_LIMIT}`,
  /** WORKDAY_REMINDER_AT of the activity service. */
  clockInvalid: 'Orario non valido: usa il formato HH:MM (es. 17:30)',

  // the shell
  markAllRead: 'Segna tutte come lette',
  markedAllRead: 'Tutte le notifiche sono state segnate come lette',
  noNotifications: 'Nessuna notifica',
  noNotificationsHint: 'Qui compariranno i problemi da risolvere: sincronizzazioni non riuscite, autorizzazioni in scadenza, etichette non create.',
  unread: (count: number) => plural(count, '1 da leggere', `${count} da leggere`),
  allRead: 'Tutte lette',
  unreadMarker: 'Non letta',
  noActivity: 'Nessuna attività recente',
  noActivityHint: 'Qui compariranno gli ordini importati, le etichette create, le consegne e le modifiche alle regole.',
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
