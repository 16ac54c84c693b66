import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import type { CarrierIntegrationJson, OrderJson } from '@smista/contracts';
import { errorMessageFrom, errorStatusOf, toast, Button, NativeSelect, NoActiveCarriers, Spinner } from '@smista/ui-kit';
import { t } from '../messages';
import { CARRIERS_PATH } from '../paths';
import { canUpdateTracking } from './bulk';
import { refreshOrdersAndShipments, useAssignCarrier, useCarrierIntegrations, useUpdateTracking } from './orders-api';

/** The `{message}` of a failure toast: the server's Italian message, else the error's own text. */
export function serverMessage(error: unknown): string {
  return errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * 'Aggiorna tracking', offered only for an order of a marketplace that takes tracking (the
 * catalogue's `trackingPush`: all five) with a shipment that has a tracking number
 * (`canUpdateTracking`, the selection's rule too): `POST /api/orders/{id}/update-tracking`, then the
 * server's message as the toast ('Tracking aggiornato' when it says nothing). An answer with
 * `success: false` (the marketplace refused) and any failure are 'Errore aggiornamento tracking'
 * with the reason; a 409 is not a failure but a state ('Nessun tracking da aggiornare': no
 * shipment with a tracking number yet), told as such.
 */
export function UpdateTrackingButton({ merchantId, order, size = 'sm' }: { merchantId: string; order: OrderJson; size?: 'sm' | 'default' }) {
  const update = useUpdateTracking();
  const queryClient = useQueryClient();
  if (!canUpdateTracking(order)) return null;
  const run = () =>
    update.mutateAsync(order.id).then(
      (answer) => {
        toast(
          answer?.success === false
            ? { title: t.tracking.failed, description: answer.message, variant: 'destructive' }
            : { title: answer?.message?.trim() || t.tracking.updated },
        );
        refreshOrdersAndShipments(queryClient, merchantId);
      },
      (error: unknown) =>
        errorStatusOf(error) === 409
          ? toast({ title: errorMessageFrom(error) ?? t.tracking.none })
          : toast({ title: t.tracking.failed, description: serverMessage(error), variant: 'destructive' }),
    );
  return (
    <Button variant="outline" size={size} onClick={() => void run()} disabled={update.isPending} data-testid="order-update-tracking" aria-label={`${t.tracking.update}: ${order.externalId}`}>
      <RefreshCw className={update.isPending ? 'animate-spin' : undefined} aria-hidden />
      {update.isPending ? t.tracking.updating : t.tracking.update}
    </Button>
  );
}

/** A carrier integration as the choice reads: its connection name and the carrier. */
const carrierOptionLabel = (c: CarrierIntegrationJson) => (c.carrierName && c.carrierName !== c.connectionName ? `${c.connectionName} (${c.carrierName})` : c.connectionName);

/**
 * Carrier management of an order (spec §2 panel, §4: takes effect immediately): a choice among
 * the merchant's active carrier integrations by connection name, or none;
 * `PATCH /api/orders/{id}/carrier`, then 'Corriere aggiornato' or 'Errore nell'aggiornamento del
 * corriere' with the server's reason.
 */
export function CarrierManagement({ merchantId, order }: { merchantId: string; order: OrderJson }) {
  const id = useId();
  const carriers = useCarrierIntegrations(merchantId);
  const assign = useAssignCarrier(merchantId);
  const active = (carriers.data ?? []).filter((c) => c.active);
  const current = order.carrierIntegrationId;
  const currentKnown = current === null || active.some((c) => c.id === current);

  const choose = (value: string) => {
    const carrierIntegrationId = value === '' ? null : Number(value);
    if (carrierIntegrationId === current) return;
    const chosen = active.find((c) => c.id === carrierIntegrationId);
    assign.mutate(
      { orderId: order.id, carrierIntegrationId },
      {
        onSuccess: () => toast({ title: t.carrier.updated, description: chosen ? chosen.connectionName : t.panel.noCarrier }),
        onError: (error) => toast({ title: t.carrier.updateFailed, description: serverMessage(error), variant: 'destructive' }),
      },
    );
  };

  if (carriers.isPending) return <Spinner label={t.loading} />;
  if (carriers.isError) {
    return (
      <div className="grid gap-2 text-sm" role="alert" data-testid="order-carrier-failed">
        <p className="text-destructive">{t.errors.carriers}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void carriers.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  if (active.length === 0 && current === null) {
    return <NoActiveCarriers link={Link} to={CARRIERS_PATH} testId="order-no-carriers" />;
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-carrier`} className="text-sm font-medium">
        {t.panel.carrierLabel}
      </label>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <NativeSelect
            id={`${id}-carrier`}
            value={current === null ? '' : String(current)}
            onChange={(e) => choose(e.target.value)}
            disabled={assign.isPending}
            data-testid="order-carrier-select"
          >
            <option value="">{t.panel.noCarrier}</option>
            {active.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {carrierOptionLabel(c)}
              </option>
            ))}
            {!currentKnown && current !== null ? <option value={String(current)}>{t.panel.carrierUnavailable(current)}</option> : null}
          </NativeSelect>
        </div>
        {assign.isPending ? <Spinner /> : null}
      </div>
      {order.appliedRule && order.carrierSource === 'rule' ? (
        <p className="text-xs font-medium text-foreground" data-testid="order-applied-rule">
          {t.panel.appliedRule(order.appliedRule.name)}
        </p>
      ) : order.carrierSource === 'manual' ? (
        <p className="text-xs text-muted-foreground" data-testid="order-manual-carrier">
          {t.panel.manualCarrier}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t.panel.carrierHint}</p>
    </div>
  );
}
