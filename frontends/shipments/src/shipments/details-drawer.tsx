import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, Copy, ExternalLink, FileDown, Info, Mail, MapPin, Send } from 'lucide-react';
import {
  auditOperationLabels,
  auditOutcomeLabels,
  buyerMailTexts,
  trackingPageSettingsTexts,
  workdayCloseStatusLabels,
  type ShipmentAuditJson,
  type ShipmentBuyerEmailJson,
  type ShipmentJson,
  type ShipmentTrackingEventJson,
} from '@smista/contracts';
import {
  Badge,
  Button,
  cn,
  DetailSection,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  errorStatusOf,
  Facts,
  formatDate,
  formatDateTime,
  LoadFailed,
  Loading,
  providerName,
  ShipmentStatusBadge,
  Spinner,
  toast,
  ToneBadge,
} from '@smista/ui-kit';
import { formatRelative } from '../format';
import { t } from '../messages';
import { manifestPath } from '../paths';
import { buyerEmailRows } from './buyer-emails-view';
import { ParcelSections } from './parcel-sections';
import { errorToast } from './results';
import { carrierLabel, labelFrom, marketplaceTrackingView, orderLabel, recipientLabel, type FactRow } from './shipment-rules';
import { useCarrierIntegrations, useMarketplaceIntegration, useSendOrderTracking, useShipmentDetails } from './shipments-api';
import { TrackingStatusBadge } from './tracking-badge';
import { buyerTrackingLink, trackingBadge, trackingSteps } from './tracking-view';

const d = t.details;
/** After 'Invia tracking ora', the details are read this often until the marketplace's answer reaches them. */
const SENT_POLL_MS = 1_000;
/** …and for at most this long. */
const SENT_POLL_FOR_MS = 20_000;

/**
 * 'Dettagli' of a row: every field of the shipment (spec §3) — recipient and address, carrier and
 * tracking (issue 26: every step the carrier reported, newest first), label, the GLS workday close
 * with its manifest, the tracking sent to the marketplace —
 * and the audit trail of `GET /api/shipments/{id}`: each carrier and marketplace call made for it,
 * with its time, duration, outcome and the provider's message, so a merchant sees why a label
 * failed. The row's own data shows at once while the details load.
 */
export function DetailsDrawer({ merchantId, shipment, onClose }: { merchantId: string; shipment: ShipmentJson | null; onClose: () => void }) {
  return (
    <Dialog open={shipment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent side="right" className="w-full max-w-full gap-0 overflow-y-auto p-0 sm:max-w-2xl" data-testid="details-drawer">
        {shipment ? <Details key={shipment.id} merchantId={merchantId} row={shipment} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({ merchantId, row }: { merchantId: string; row: ShipmentJson }) {
  // While a tracking sent from here is on its way (the marketplace's answer comes as an event).
  const [sentAt, setSentAt] = useState<number | null>(null);
  const details = useShipmentDetails(merchantId, row.id, sentAt !== null ? SENT_POLL_MS : false);
  const carriers = useCarrierIntegrations(merchantId);
  const s: ShipmentJson = details.data ?? row;
  const pushed = s.marketplaceTrackingStatus === 'pushed';
  useEffect(() => {
    if (sentAt === null) return;
    if (pushed) {
      setSentAt(null);
      return;
    }
    const stop = setTimeout(() => setSentAt(null), Math.max(0, sentAt + SENT_POLL_FOR_MS - Date.now()));
    return () => clearTimeout(stop);
  }, [sentAt, pushed]);
  const cityLine = [s.postalCode, s.city, s.state ? `(${s.state})` : ''].filter(Boolean).join(' ');
  const country = [s.country, s.countryCode && s.countryCode !== s.country ? `(${s.countryCode})` : ''].filter(Boolean).join(' ');

  let audit: ReactNode;
  if (details.isPending) audit = <Loading testId="details-audit-loading" />;
  else if (details.isError) {
    audit = (
      <LoadFailed
        title={errorStatusOf(details.error) === 404 ? d.notFound : d.loadFailed}
        text={errorStatusOf(details.error) === 404 ? undefined : t.errors.connection}
        onRetry={() => void details.refetch()}
        testId="details-failed"
      />
    );
  } else audit = <AuditTrail entries={details.data.audit ?? []} />;

  return (
    // content-start: the drawer is as tall as the screen; on a tall screen the sections keep their
    // own height instead of sharing out the empty space below them.
    <div className="grid min-w-0 content-start gap-4 p-4 sm:p-6">
      <DialogHeader className="pr-8">
        <DialogTitle className="[overflow-wrap:anywhere]" data-testid="details-title">
          {d.title(orderLabel(s))}
        </DialogTitle>
        <DialogDescription>{d.subtitle(s.id)}</DialogDescription>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <ShipmentStatusBadge status={s.status} testId="details-status" />
        </div>
      </DialogHeader>

      {s.problem ? (
        <div className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="details-problem">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="[overflow-wrap:anywhere]">{s.problem}</span>
        </div>
      ) : null}

      <ParcelSections merchantId={merchantId} s={s} />

      <DetailSection title={d.tracking} testId="details-carrier-tracking">
        {s.trackingStatus || s.trackingUpdatedAt ? (
          <Facts
            rows={[
              [d.trackingStatus, trackingBadge(s.trackingStatus)?.label],
              [d.trackingDescription, s.trackingDescription],
              [d.trackingUpdatedAt, when(s.trackingUpdatedAt)],
            ]}
          />
        ) : null}
        {s.trackingUrl ? (
          <a
            href={s.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 justify-self-start text-sm text-primary underline-offset-4 hover:underline"
            data-testid="details-tracking-link"
          >
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {d.trackPage}
          </a>
        ) : null}
        {details.data ? <BuyerLink link={buyerTrackingLink({ publicTrackingUrl: details.data.publicTrackingUrl, status: s.status }, window.location.origin)} /> : null}
        {details.isPending ? (
          <Loading testId="details-tracking-loading" />
        ) : details.isError ? null : (
          <TrackingSteps events={details.data.trackingEvents} />
        )}
      </DetailSection>

      <BuyerEmails emails={details.data?.buyerEmails} />

      <DetailSection title={d.shipment} testId="details-shipment">
        <Facts
          rows={[
            [d.carrier, carrierLabel(s, carriers.data)],
            [d.trackingNumber, s.trackingNumber, 'font-mono'],
            [d.carrierShipmentNumber, s.carrierShipmentNumber, 'font-mono'],
            [d.label, s.labelVoidReason ? t.labelVoided : s.hasLabel ? d.labelAvailable : d.labelMissing, s.labelVoidReason ? 'font-medium text-amber-800' : undefined],
            [d.labelPrintedAt, when(s.labelPrintedAt)],
            [d.createdAt, when(s.createdAt)],
            [d.updatedAt, when(s.updatedAt)],
            [d.shippedAt, when(s.shippedAt)],
            [d.estimatedDelivery, formatDate(s.estimatedDeliveryDate)],
            [d.deliveredAt, when(s.deliveredAt)],
            [d.lastAttemptAt, when(s.lastAttemptAt)],
            [d.retryCount, String(s.retryCount ?? 0)],
            [d.error, s.errorMessage, 'text-red-700'],
            [d.errorCode, s.errorCode, 'font-mono'],
          ]}
        />
      </DetailSection>

      <DetailSection title={d.audit} testId="details-audit">
        <p className="text-xs text-muted-foreground">{d.auditHint}</p>
        {audit}
      </DetailSection>

      <DetailSection title={d.recipient} testId="details-recipient">
        <address className="grid gap-0.5 text-sm not-italic [overflow-wrap:anywhere]" data-testid="details-address">
          <span className="font-medium">{recipientLabel(s)}</span>
          <span>{s.addressLine1}</span>
          {s.addressLine2 ? <span>{s.addressLine2}</span> : null}
          <span>{cityLine}</span>
          <span>{country}</span>
        </address>
        <Facts
          rows={[
            [d.phone, s.phoneNumber],
            [d.email, s.recipientEmail],
          ]}
        />
      </DetailSection>

      <DetailSection title={d.workday} testId="details-workday">
        {s.closeWorkdayStatus || s.closeWorkdayAt || s.manifestId !== null ? (
          <>
            <Facts
              rows={[
                [d.workdayStatus, labelFrom(workdayCloseStatusLabels, s.closeWorkdayStatus)],
                [d.workdayMessage, s.closeWorkdayMessage],
                [d.workdayAt, when(s.closeWorkdayAt)],
              ]}
            />
            {s.manifestId !== null ? (
              <a
                href={manifestPath(s.manifestId)}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 justify-self-start text-sm text-primary underline-offset-4 hover:underline"
                data-testid="details-manifest"
              >
                <FileDown className="h-4 w-4" aria-hidden />
                {d.manifestLink}
              </a>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{d.workdayNone}</p>
        )}
      </DetailSection>

      <DetailSection title={d.marketplaceTracking} testId="details-marketplace-tracking">
        <MarketplaceTracking merchantId={merchantId} s={s} sending={sentAt !== null} onSent={() => setSentAt(Date.now())} />
      </DetailSection>

      <DetailSection title={d.order} testId="details-order">
        <Facts
          rows={[
            [d.externalId, s.orderExternalId, 'font-mono'],
            [d.orderId, String(s.orderId), 'font-mono'],
            [d.marketplace, providerName(s.marketplace)],
          ]}
        />
      </DetailSection>
    </div>
  );
}

/**
 * The tracking told to the marketplace ({@link marketplaceTrackingView} decides what is said), the
 * note that the integration's automatic tracking is off with a link to its page, and 'Invia
 * tracking ora' (`POST /api/orders/{orderId}/update-tracking`); after a send the details are read
 * again until the marketplace's answer reaches them.
 */
function MarketplaceTracking({ merchantId, s, sending, onSent }: { merchantId: string; s: ShipmentJson; sending: boolean; onSent: () => void }) {
  const integrationId = s.marketplaceIntegrationId;
  const integration = useMarketplaceIntegration(merchantId, integrationId);
  const send = useSendOrderTracking(merchantId);
  const view = marketplaceTrackingView(s, integration.data ? integration.data.autoUpdateTracking : null, when);
  const busy = send.isPending || sending;

  const sendNow = () => {
    if (busy) return;
    send.mutate(s.orderId, {
      onSuccess: (answer) => {
        toast({ title: t.toasts.trackingUpdated, description: answer?.message || undefined });
        onSent();
      },
      onError: (error) => toast(errorToast(t.toasts.trackingError, error)),
    });
  };

  return (
    <>
      {view.rows.length > 0 ? (
        <Facts rows={view.rows.map((r): FactRow => [r.label, r.value, r.className])} />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="details-marketplace-none">
          {integrationId === null ? d.marketplaceNoIntegration : d.marketplaceNone}
        </p>
      )}
      {view.autoOff ? (
        <div className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="details-auto-tracking-off">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="grid gap-1">
            <span className="[overflow-wrap:anywhere]">{d.marketplaceAutoOff(s.marketplace)}</span>
            <Link to={`/dashboard/integration/${integrationId}`} className="justify-self-start text-primary underline-offset-4 hover:underline" data-testid="details-integration-link">
              {d.autoTrackingSettings}
            </Link>
          </span>
        </div>
      ) : null}
      {view.offerSend ? (
        <Button
          type="button"
          size="sm"
          className="w-full justify-self-start sm:w-auto"
          onClick={sendNow}
          disabled={busy}
          title={d.sendTrackingHint(s.marketplace)}
          data-testid="details-send-tracking"
        >
          {busy ? <Spinner /> : <Send aria-hidden />}
          {busy ? d.sendingTracking : d.sendTrackingNow}
        </Button>
      ) : null}
    </>
  );
}

/** A time as a date and how long ago ("22 nov 2026, 14:05 (3 ore fa)"); null when none. */
function when(value: string | null | undefined): string | null {
  if (!value) return null;
  const relative = formatRelative(value);
  return relative ? `${formatDateTime(value)} (${relative})` : formatDateTime(value);
}

/**
 * The carrier's steps, newest first (issue 26): when (the screens' date and time), Smista's status
 * in Italian as a small badge (marked when the parcel is in trouble), the carrier's words and the
 * place. Before the first event: 'Nessun evento di tracking ancora'.
 */
function TrackingSteps({ events }: { events: ShipmentTrackingEventJson[] | undefined }) {
  const steps = trackingSteps(events);
  if (steps.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="details-tracking-empty">
        {d.trackingEmpty}
      </p>
    );
  }
  return (
    <ol className="grid gap-0" aria-label={d.trackingSteps} data-testid="details-tracking-steps">
      {steps.map((step, i) => (
        <li
          key={step.key}
          className="relative grid min-w-0 gap-1 border-l-2 border-border pb-3 pl-4 text-sm last:border-transparent last:pb-0"
          data-testid="tracking-step"
          data-status={step.status}
        >
          <span
            className={cn('absolute -left-[7px] top-1 h-3 w-3 rounded-full border-2 border-background', i === 0 ? 'bg-primary' : 'bg-muted-foreground/40')}
            aria-hidden
          />
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <time dateTime={step.at} className="text-xs text-muted-foreground" data-testid="tracking-step-time">
              {formatDateTime(step.at)}
            </time>
            <TrackingStatusBadge look={step.badge} status={step.status} testId="tracking-step-status" />
          </div>
          <p className="[overflow-wrap:anywhere]" data-testid="tracking-step-text">
            {step.text}
          </p>
          {step.place ? (
            <p className="flex items-start gap-1 text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="tracking-step-place">
              <MapPin className="mt-0.5 h-3 w-3 shrink-0" aria-hidden />
              <span>{step.place}</span>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const OUTCOME_VARIANTS: Readonly<Record<string, 'success' | 'warning' | 'destructive' | 'secondary'>> = {
  ok: 'success',
  started: 'secondary',
  refused: 'destructive',
  unavailable: 'warning',
  error: 'destructive',
  skipped: 'secondary',
  voided: 'warning',
};

/**
 * The audit trail, newest first, as a list that reads on a phone as on a desktop. A skipped call
 * (a tracking push not made) has no duration and its reason is no error.
 */
function AuditTrail({ entries }: { entries: ShipmentAuditJson[] }) {
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="details-audit-empty">
        {d.auditEmpty}
      </p>
    );
  }
  const sorted = [...entries].sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : b.id - a.id));
  return (
    <ol className="grid gap-2" aria-label={d.audit} data-testid="details-audit-list">
      {sorted.map((entry) => {
        const outcome = entry.outcome.trim().toLowerCase();
        return (
          <li key={entry.id} className="grid gap-1 rounded-md border border-border p-3 text-sm" data-testid="audit-entry" data-operation={entry.operation} data-outcome={outcome}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium" data-testid="audit-operation">
                {labelFrom(auditOperationLabels, entry.operation)}
                {entry.target ? <span className="font-normal text-muted-foreground"> · {providerName(entry.target)}</span> : null}
              </span>
              <Badge variant={Object.hasOwn(OUTCOME_VARIANTS, outcome) ? OUTCOME_VARIANTS[outcome] : 'outline'} data-testid="audit-outcome">
                {labelFrom(auditOutcomeLabels, entry.outcome)}
              </Badge>
            </div>
            <div className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              <span title={d.auditColumns.time} data-testid="audit-time">
                {formatDateTime(entry.startedAt)}
              </span>
              {entry.durationMs !== null && outcome !== 'skipped' ? (
                <span title={d.auditColumns.duration} data-testid="audit-duration">
                  {t.durationMs(entry.durationMs)}
                </span>
              ) : null}
              {entry.attempt > 1 ? <span>{d.auditAttempt(entry.attempt)}</span> : null}
            </div>
            {entry.message ? (
              <p className={cn('text-xs [overflow-wrap:anywhere]', outcome === 'ok' || outcome === 'skipped' ? 'text-muted-foreground' : 'text-red-700')} data-testid="audit-message">
                <span className="sr-only">{d.auditColumns.message}: </span>
                {entry.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Issue 26: the buyer's public tracking page, to send to the customer: the link and a copy button. */
function BuyerLink({ link }: { link: string | null }) {
  if (!link) return null;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast({ title: trackingPageSettingsTexts.copied }),
      () => toast({ title: trackingPageSettingsTexts.copyFailed, variant: 'destructive' }),
    );
  return (
    <div className="grid gap-1" data-testid="details-buyer-link">
      <span className="text-sm text-muted-foreground">{trackingPageSettingsTexts.drawerLinkLabel}</span>
      <div className="flex min-w-0 items-center gap-2">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 truncate font-mono text-sm text-primary underline-offset-4 hover:underline"
          data-testid="details-buyer-link-url"
        >
          {link}
        </a>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()} data-testid="details-buyer-link-copy">
          <Copy className="h-3.5 w-3.5" aria-hidden />
          {trackingPageSettingsTexts.copyLink}
        </Button>
      </div>
    </div>
  );
}

/**
 * Issue 26: the e-mails to the buyer about this parcel (kind, what became of it, the address, when,
 * and why one was not sent). Nothing when there are none: e-mails off, or none due yet.
 */
function BuyerEmails({ emails }: { emails: ShipmentBuyerEmailJson[] | undefined }) {
  const rows = buyerEmailRows(emails, formatDateTime);
  if (rows.length === 0) return null;
  return (
    <DetailSection title={buyerMailTexts.drawerTitle} testId="details-buyer-emails">
      <ul className="grid gap-2">
        {rows.map((row) => (
          <li key={row.key} className="grid min-w-0 gap-1 rounded-md border border-border p-3 text-sm" data-testid="buyer-email" data-kind={row.kind} data-status={row.status}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-1.5 font-medium" data-testid="buyer-email-kind">
                <Mail className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
                {row.kindLabel}
              </span>
              <ToneBadge look={row.badge} status={row.status} testId="buyer-email-status" />
            </div>
            {row.to ? (
              <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="buyer-email-to">
                {row.to}
              </span>
            ) : null}
            <time dateTime={row.at} className="text-xs text-muted-foreground" data-testid="buyer-email-when">
              {row.when}
            </time>
            {row.reason ? (
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="buyer-email-reason">
                {row.reason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
