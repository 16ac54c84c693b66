/**
 * Spec §4 as the screen applies it: which actions a shipment allows, and how a row names its
 * order, recipient and carrier (its status badge is the kit's, the same as in the orders' panel). Pure; the server applies the same rules
 * and answers an Italian 409 when a stale screen asks for a refused action.
 */
import { marketplaceTrackingStatusLabels, WORKDAY_CARRIERS, type CarrierIntegrationJson, type ShipmentJson } from '@smista/contracts';
import { providerName, uiText } from '@smista/ui-kit';
import { t } from '../messages';

type Status = Pick<ShipmentJson, 'status'>;

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** Spec §4: a single shipment is processed only when pending. */
export const canProcess = (s: Status) => lower(s.status) === 'pending';

/** Spec §4: cancel when pending or shipped. */
export const canCancel = (s: Status) => ['pending', 'shipped'].includes(lower(s.status));

/** Whether the shipment goes with a carrier whose workday is closed (GLS). */
export const isWorkdayCarrier = (s: Pick<ShipmentJson, 'carrierProvider'>) => (WORKDAY_CARRIERS as readonly string[]).includes(lower(s.carrierProvider));

/** Spec §4: the GLS workday close only when the provider is gls and the status shipped. */
export const canCloseWorkday = (s: Pick<ShipmentJson, 'status' | 'carrierProvider'>) => isWorkdayCarrier(s) && lower(s.status) === 'shipped';

/** Spec §4: a tracking update when a tracking number exists. */
export const canUpdateTracking = (s: Pick<ShipmentJson, 'trackingNumber'>) => Boolean(s.trackingNumber?.trim());

/** Spec §4: print the label when label data exists; never a label voided in Smista only (it must not be used). */
export const canPrintLabel = (s: Pick<ShipmentJson, 'hasLabel' | 'labelData' | 'labelVoidReason'>) => !s.labelVoidReason && (s.hasLabel || Boolean(s.labelData));

/**
 * The selected shipments 'Trasmetti GLS' sends: the GLS ones that are shipped (spec §2: the action
 * shows only when there is one).
 */
export function workdayShipmentIds(shipments: readonly ShipmentJson[]): number[] {
  return shipments.filter(canCloseWorkday).map((s) => s.id);
}

/** The order a row names: `#` and the marketplace's order id, else our order id. */
export function orderLabel(s: Pick<ShipmentJson, 'orderExternalId' | 'orderId'>): string {
  return `#${s.orderExternalId?.trim() || s.orderId}`;
}

/** Spec §2: the recipient, else 'Nome non disponibile'. */
export function recipientLabel(s: Pick<ShipmentJson, 'recipientName'>): string {
  return s.recipientName?.trim() || t.noRecipientName;
}

/**
 * The carrier a row names: the connection name of its carrier integration (spec §2), else the
 * carrier's name, else 'Nessun corriere'.
 */
export function carrierLabel(s: Pick<ShipmentJson, 'carrierIntegrationId' | 'carrierProvider'>, carriers: readonly CarrierIntegrationJson[] | undefined): string {
  if (s.carrierIntegrationId === null) return t.noCarrier;
  const integration = carriers?.find((c) => c.id === s.carrierIntegrationId);
  if (integration) return integration.connectionName;
  return s.carrierProvider ? providerName(s.carrierProvider) : t.carrierUnknown(s.carrierIntegrationId);
}

/** A label from one of the screen's tables, else the raw value ('' → '—'). */
export function labelFrom(table: Readonly<Record<string, string>>, value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (!raw) return uiText.notAvailable;
  return Object.hasOwn(table, raw) ? table[raw] : Object.hasOwn(table, raw.toLowerCase()) ? table[raw.toLowerCase()] : raw;
}

/**
 * Whether a click on a row should toggle its selection (spec §2: row click toggles selection):
 * not when it lands on a control of the row (checkbox, button, link, menu) nor inside something
 * the row only opened (a dialog or menu portalled elsewhere in the page, whose React events still
 * bubble to the row).
 */
export function isRowToggleClick(row: { contains(node: unknown): boolean }, target: unknown): boolean {
  if (!row.contains(target)) return false;
  const el = target as { closest?: (selector: string) => unknown } | null;
  return !el?.closest?.('button, a, input, select, textarea, label, [role="checkbox"], [role="menuitem"], [role="menu"]');
}

/** A row of the details' facts: label, value (null: '—'), classes of the value. */
export type FactRow = [string, string | null, string?];

/** What the details say about the tracking sent to the marketplace. */
export interface MarketplaceTrackingView {
  /** The facts, in order; empty when nothing was attempted yet. */
  rows: { key: 'status' | 'reason' | 'error' | 'attempts' | 'lastAttempt' | 'sentAt'; label: string; value: string | null; className?: string }[];
  /** The integration's automatic tracking is off and the tracking is not on the marketplace: say so. */
  autoOff: boolean;
  /** Offer 'Invia tracking ora' (POST /api/orders/{orderId}/update-tracking). */
  offerSend: boolean;
}

/**
 * The tracking told to the marketplace, saying one thing: its state in Italian (the contracts'
 * labels); why it was not sent ('Motivo': a skipped push made no call, it is no error) or the
 * marketplace's refusal; the attempts and the last one only when calls were made; 'Inviato il'
 * only once the marketplace took it. With the integration's automatic tracking off, it says so and
 * offers to send it now, as it does after a refusal or a skip; never once it is there, nor
 * without a tracking number or an integration (`autoUpdateTracking` null: not known).
 *
 * @example marketplaceTrackingView({ marketplaceTrackingStatus: 'skipped', ... }, false, when).offerSend // true
 */
export function marketplaceTrackingView(
  s: Pick<
    ShipmentJson,
    'marketplaceTrackingStatus' | 'marketplaceTrackingError' | 'marketplaceTrackingAttempts' | 'marketplaceTrackingLastAttempt' | 'marketplaceTrackingUpdatedAt' | 'trackingNumber' | 'marketplaceIntegrationId'
  >,
  autoUpdateTracking: boolean | null,
  when: (iso: string | null) => string | null,
): MarketplaceTrackingView {
  const d = t.details;
  const status = lower(s.marketplaceTrackingStatus);
  const pushed = status === 'pushed';
  const rows: MarketplaceTrackingView['rows'] = [];
  if (status || s.marketplaceTrackingAttempts > 0) {
    rows.push({ key: 'status', label: d.marketplaceStatus, value: labelFrom(marketplaceTrackingStatusLabels, s.marketplaceTrackingStatus) });
    if (s.marketplaceTrackingError) {
      rows.push(
        status === 'skipped'
          ? { key: 'reason', label: d.marketplaceReason, value: s.marketplaceTrackingError }
          : { key: 'error', label: d.marketplaceError, value: s.marketplaceTrackingError, className: 'text-red-700' },
      );
    }
    if (s.marketplaceTrackingAttempts > 0) {
      rows.push({ key: 'attempts', label: d.marketplaceAttempts, value: String(s.marketplaceTrackingAttempts) });
      rows.push({ key: 'lastAttempt', label: d.marketplaceLastAttempt, value: when(s.marketplaceTrackingLastAttempt) });
    }
    if (pushed) rows.push({ key: 'sentAt', label: d.marketplaceUpdatedAt, value: when(s.marketplaceTrackingUpdatedAt) });
  }
  const autoOff = autoUpdateTracking === false && !pushed;
  const canSend = !pushed && Boolean(s.trackingNumber) && s.marketplaceIntegrationId !== null && autoUpdateTracking !== null;
  return { rows, autoOff, offerSend: canSend && (autoOff || status === 'failed' || status === 'skipped') };
}
