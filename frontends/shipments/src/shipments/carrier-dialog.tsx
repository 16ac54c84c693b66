import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShipmentJson } from '@smista/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  LoadFailed,
  Loading,
  NativeSelect,
  NoActiveCarriers,
  toast,
} from '@smista/ui-kit';
import { t } from '../messages';
import { CARRIERS_PATH } from '../paths';
import { errorToast } from './results';
import { orderLabel } from './shipment-rules';
import { useCarrierIntegrations, useChangeCarrier } from './shipments-api';

/**
 * 'Gestione Corriere' (spec §2): a choice among the merchant's active carrier integrations by
 * connection name, then `PATCH /api/shipments/{id}/carrier`; 'Corriere aggiornato' or 'Errore
 * nell'aggiornamento del corriere' with the server's reason (a label already made, a carrier
 * turned off), the dialog staying open on a failure.
 */
export function CarrierDialog({ merchantId, shipment, onClose }: { merchantId: string; shipment: ShipmentJson | null; onClose: () => void }) {
  return (
    <Dialog open={shipment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="carrier-dialog">
        {shipment ? <CarrierForm key={shipment.id} merchantId={merchantId} shipment={shipment} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CarrierForm({ merchantId, shipment, onClose }: { merchantId: string; shipment: ShipmentJson; onClose: () => void }) {
  const id = useId();
  const carriers = useCarrierIntegrations(merchantId);
  const change = useChangeCarrier(merchantId);
  const active = (carriers.data ?? []).filter((c) => c.active);
  const [choice, setChoice] = useState(() => (shipment.carrierIntegrationId !== null && active.some((c) => c.id === shipment.carrierIntegrationId) ? String(shipment.carrierIntegrationId) : ''));
  // The list may arrive after the dialog opened: the current carrier is then the starting choice.
  const value = choice === '' && shipment.carrierIntegrationId !== null && active.some((c) => c.id === shipment.carrierIntegrationId) ? String(shipment.carrierIntegrationId) : choice;
  const chosen = active.find((c) => String(c.id) === value);

  const save = () => {
    if (!chosen) return;
    change.mutate(
      { shipmentId: shipment.id, carrierIntegrationId: chosen.id },
      {
        onSuccess: () => {
          toast({ title: t.toasts.carrierUpdated, description: chosen.connectionName });
          onClose();
        },
        onError: (error) => toast(errorToast(t.toasts.carrierError, error)),
      },
    );
  };

  let body;
  if (carriers.isPending) body = <Loading testId="carrier-dialog-loading" />;
  else if (carriers.isError) body = <LoadFailed title={t.carrierDialog.loadFailed} onRetry={() => void carriers.refetch()} testId="carrier-dialog-failed" />;
  else if (active.length === 0) {
    body = <NoActiveCarriers link={Link} to={CARRIERS_PATH} testId="carrier-dialog-none" />;
  } else {
    body = (
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-carrier`}>{t.carrierDialog.label}</Label>
        <NativeSelect id={`${id}-carrier`} value={value} onChange={(e) => setChoice(e.target.value)} disabled={change.isPending} data-testid="carrier-dialog-select">
          {value === '' ? <option value="">{t.carrierDialog.placeholder}</option> : null}
          {active.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.connectionName}
            </option>
          ))}
        </NativeSelect>
        <p className="text-xs text-muted-foreground">{t.carrierDialog.hint}</p>
      </div>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.carrierDialog.title}</DialogTitle>
        <DialogDescription>{t.carrierDialog.text(orderLabel(shipment))}</DialogDescription>
      </DialogHeader>
      {body}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={change.isPending}>
          {t.cancel}
        </Button>
        <Button onClick={save} disabled={!chosen || change.isPending || chosen.id === shipment.carrierIntegrationId} data-testid="carrier-dialog-save">
          {change.isPending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </>
  );
}
