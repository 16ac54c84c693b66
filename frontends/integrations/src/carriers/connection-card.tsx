import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertCircle, Clock, RefreshCw, Trash2 } from 'lucide-react';
import type { CarrierIntegrationJson, CarrierJson } from '@smista/contracts';
import { toast, Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog, Label, Switch } from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { formatItalianDate } from '../format';
import { t } from '../messages';
import { SETTINGS_CARRIERS_PATH } from '../paths';
import { useDeleteIntegration, useToggleIntegration, useValidateIntegration } from './carriers-api';
import { refusalOf } from './integration-status';
import { IntegrationStatusBadge } from './status-badge';

/**
 * The stored connection (spec §2): status badge, name and creation date, the carrier's refusal of
 * the credentials in full when it has one, and for admins the active switch, 'Verifica credenziali'
 * (carriers with an API) and 'Elimina' after a confirmation.
 */
export function ConnectionCard({
  merchantId,
  carrier,
  integration,
  isAdmin,
}: {
  merchantId: string;
  carrier: CarrierJson;
  integration: CarrierIntegrationJson;
  isAdmin: boolean;
}) {
  const id = String(integration.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleIntegration(merchantId, id);
  const validate = useValidateIntegration(merchantId, id);
  const remove = useDeleteIntegration(merchantId, id);
  const refusal = refusalOf(integration);
  const checkable = carrier.credentialKind !== 'letter';

  const setActive = (active: boolean) =>
    toggle.mutate(active, {
      onSuccess: (saved) => toast({ title: saved.active ? t.setup.activated : t.setup.deactivated }),
      onError: (error) => toast({ title: t.setup.updateFailed, description: serverMessage(error), variant: 'destructive' }),
    });

  const verify = () =>
    validate.mutate(undefined, {
      onSuccess: (saved) => {
        const refused = refusalOf(saved);
        if (saved.status === 'active') toast({ title: t.setup.verified, description: t.setup.verifiedActive });
        else toast({ title: t.setup.verifyRefused, description: refused ?? t.setup.pendingHint, variant: 'destructive' });
      },
      onError: (error) => toast({ title: t.setup.verifyFailed, description: serverMessage(error), variant: 'destructive' }),
    });

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t.setup.deleted, description: t.setup.deletedText(integration.connectionName) });
        navigate(SETTINGS_CARRIERS_PATH);
      },
      onError: (error) => {
        toast({ title: t.setup.deleteFailed, description: serverMessage(error), variant: 'destructive' });
        setConfirming(false);
      },
    });

  return (
    <Card data-testid="connection-card" data-id={integration.id}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{t.setup.connectionTitle}</CardTitle>
        <IntegrationStatusBadge integration={integration} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <p className="font-medium [overflow-wrap:anywhere]" data-testid="connection-name">
            {integration.connectionName}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="connection-created">
            {t.setup.createdOn(formatItalianDate(integration.createdAt))}
            {integration.connectedAt ? ` · ${t.setup.connectedOn(formatItalianDate(integration.connectedAt))}` : ''}
          </p>
        </div>

        {refusal ? (
          <div className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" role="alert" data-testid="integration-refusal">
            <p className="flex items-center gap-2 font-semibold text-destructive">
              <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
              {t.setup.refusedTitle}
            </p>
            <p className="[overflow-wrap:anywhere]" data-testid="integration-refusal-message">
              {refusal}
            </p>
            {isAdmin ? <p className="text-muted-foreground">{t.setup.refusedHint}</p> : null}
          </div>
        ) : integration.status !== 'active' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="integration-pending">
            <Clock className="h-4 w-4 shrink-0" aria-hidden />
            {t.setup.pendingHint}
          </p>
        ) : null}

        {isAdmin ? (
          <div className="flex flex-col gap-4 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <Switch
                id="integration-active"
                checked={integration.active}
                onCheckedChange={setActive}
                disabled={toggle.isPending}
                aria-describedby="integration-active-hint"
                data-testid="integration-toggle"
              />
              <div className="grid gap-1">
                <Label htmlFor="integration-active">{t.setup.activeSwitch}</Label>
                <p id="integration-active-hint" className="text-xs text-muted-foreground">
                  {t.setup.activeSwitchHint}
                </p>
              </div>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              {checkable ? (
                <Button variant="outline" onClick={verify} disabled={validate.isPending} data-testid="integration-verify">
                  <RefreshCw aria-hidden className={validate.isPending ? 'animate-spin' : undefined} />
                  {validate.isPending ? t.setup.verifying : t.setup.verify}
                </Button>
              ) : null}
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirming(true)}
                data-testid="integration-delete"
              >
                <Trash2 aria-hidden />
                {t.setup.remove}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
      {isAdmin ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t.setup.deleteTitle}
          description={t.setup.deleteConfirm(integration.connectionName)}
          confirmLabel={t.setup.remove}
          pendingLabel={t.setup.removing}
          cancelLabel={t.cancel}
          destructive
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      ) : null}
    </Card>
  );
}
