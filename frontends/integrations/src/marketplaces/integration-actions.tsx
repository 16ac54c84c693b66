import { useState, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { MarketplaceIntegrationJson, MarketplaceJson } from '@smista/contracts';
import { toast, ConfirmDialog } from '@smista/ui-kit';
import { serverMessageOr } from '../errors';
import { formatNumericDateTime } from '../format';
import { t } from '../messages';
import { useDeleteMarketplaceIntegration, useRefreshMarketplaceToken, useToggleMarketplaceIntegration } from './marketplaces-api';
import { canRefreshToken, integrationNameOf } from './marketplace-rules';

/** 'Elimina' (connected tab, detail page) or 'Disconnetti' (a card of the available tab): same call, its own words. */
export type RemoveWording = 'delete' | 'disconnect';

/**
 * The three actions every marketplace screen offers on an integration, with the §8 toasts: the
 * active switch, 'Aggiorna token' and the deletion. One instance serves a whole list: the pending
 * checks take the integration.
 */
export function useIntegrationActions(merchantId: string) {
  const toggle = useToggleMarketplaceIntegration(merchantId);
  const refresh = useRefreshMarketplaceToken(merchantId);
  const remove = useDeleteMarketplaceIntegration(merchantId);

  const setActive = (integration: MarketplaceIntegrationJson, active: boolean) =>
    toggle.mutate(
      { id: integration.id, active },
      {
        onSuccess: (saved) => toast({ title: (saved?.active ?? active) ? t.marketplaces.activated : t.marketplaces.deactivated }),
        onError: (error) =>
          toast({ title: t.marketplaces.errorTitle, description: serverMessageOr(error, t.marketplaces.toggleFailed), variant: 'destructive' }),
      },
    );

  /** Spec §5: a marketplace without an OAuth address cannot refresh; said so without a call. */
  const refreshToken = (integration: MarketplaceIntegrationJson, marketplace: MarketplaceJson | undefined) => {
    if (!canRefreshToken(marketplace)) {
      toast({ title: t.marketplaces.notSupportedTitle, description: t.marketplaces.refreshNotSupported, variant: 'destructive' });
      return;
    }
    refresh.mutate(integration.id, {
      onSuccess: (saved) =>
        toast({
          title: t.marketplaces.tokenRefreshed,
          description: saved?.accessTokenExpiresAt ? t.marketplaces.tokenRefreshedText(formatNumericDateTime(saved.accessTokenExpiresAt)) : undefined,
        }),
      onError: (error) =>
        toast({ title: t.marketplaces.errorTitle, description: serverMessageOr(error, t.marketplaces.refreshFailed), variant: 'destructive' }),
    });
  };

  const removeIntegration = (integration: MarketplaceIntegrationJson, wording: RemoveWording, onDone: (removed: boolean) => void) =>
    remove.mutate(integration.id, {
      onSuccess: () => {
        toast({ title: wording === 'disconnect' ? t.marketplaces.disconnected : t.marketplaces.deleted, description: integrationNameOf(integration) });
        onDone(true);
      },
      onError: (error) => {
        const fallback = wording === 'disconnect' ? t.marketplaces.disconnectFailed : t.marketplaces.deleteFailed;
        toast({ title: t.marketplaces.errorTitle, description: serverMessageOr(error, fallback), variant: 'destructive' });
        onDone(false);
      },
    });

  return {
    setActive,
    refreshToken,
    removeIntegration,
    isToggling: (integration: MarketplaceIntegrationJson) => toggle.isPending && toggle.variables?.id === integration.id,
    isRefreshing: (integration: MarketplaceIntegrationJson) => refresh.isPending && refresh.variables === integration.id,
    isRemoving: (integration: MarketplaceIntegrationJson) => remove.isPending && remove.variables === integration.id,
  };
}

export type IntegrationActions = ReturnType<typeof useIntegrationActions>;

/**
 * The confirmation before an integration is deleted (spec §2: it cannot be undone and removes all
 * associated data). `integration` null keeps it closed.
 */
export function RemoveIntegrationDialog({
  integration,
  wording,
  actions,
  onClose,
  onRemoved,
}: {
  integration: MarketplaceIntegrationJson | null;
  wording: RemoveWording;
  actions: IntegrationActions;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const pending = integration ? actions.isRemoving(integration) : false;
  return (
    <ConfirmDialog
      open={integration !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={wording === 'disconnect' ? t.marketplaces.disconnectTitle : t.marketplaces.deleteTitle}
      description={integration ? t.marketplaces.deleteConfirm(integrationNameOf(integration)) : ''}
      confirmLabel={wording === 'disconnect' ? t.marketplaces.disconnect : t.marketplaces.remove}
      pendingLabel={t.marketplaces.removing}
      cancelLabel={t.cancel}
      destructive
      pending={pending}
      onConfirm={() => {
        if (!integration) return;
        actions.removeIntegration(integration, wording, (removed) => {
          onClose();
          if (removed) onRemoved?.();
        });
      }}
    />
  );
}

/** The integration whose deletion is being confirmed, and how to ask. */
export function useRemoveTarget() {
  const [target, setTarget] = useState<MarketplaceIntegrationJson | null>(null);
  return { target, ask: setTarget, close: () => setTarget(null) };
}

/** The service's warning on an integration (spec §2: the refresh token expires soon or was refused), in warning style. */
export function TokenWarning({ children, testId = 'integration-token-warning' }: { children: ReactNode; testId?: string }) {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 [overflow-wrap:anywhere]"
      role="alert"
      data-testid={testId}
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
