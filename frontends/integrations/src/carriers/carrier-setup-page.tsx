import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeft, SearchX } from 'lucide-react';
import { isPoolCarrier, type CarrierIntegrationJson, type CarrierJson } from '@smista/contracts';
import { buttonVariants, Card, CardContent, errorStatusOf, LoadFailed, Loading, NoMerchant } from '@smista/ui-kit';
import { useMerchantAccess } from '../access';
import { CarrierLogo } from '../components/carrier-logo';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { t } from '../messages';
import { carrierSetupPath, parseSetupTarget, SETTINGS_CARRIERS_PATH, type SetupTarget } from '../paths';
import { TrackingCodeManager } from '../tracking-codes/tracking-code-manager';
import { useCarrierIntegration, useCarriers } from './carriers-api';
import { ConnectionCard } from './connection-card';
import { CredentialsForm } from './credentials-form';

/**
 * /carriers/{carrierCode}/setup (spec §2): `?mode=new` (or `?edit=new`) connects a new account,
 * `?edit={integrationId}` shows and changes one. 'Corriere non trovato' for a code outside the
 * catalogue; the back button goes to the settings' carriers tab.
 */
export function CarrierSetupPage() {
  const code = useParams().carrierCode ?? '';
  const [query] = useSearchParams();
  const target = parseSetupTarget(query);
  const { merchant, isAdmin, role } = useMerchantAccess();

  return (
    <div className="grid min-w-0 max-w-4xl grid-cols-[minmax(0,1fr)] gap-6" data-testid="carrier-setup-page" data-mode={target.mode}>
      <Link to={SETTINGS_CARRIERS_PATH} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 justify-self-start' })} data-testid="setup-back">
        <ArrowLeft aria-hidden />
        {t.setup.back}
      </Link>
      {merchant ? (
        <SetupForCarrier
          key={`${merchant.id}:${target.mode === 'edit' ? target.integrationId : 'new'}`}
          merchantId={merchant.id}
          code={code}
          target={target}
          isAdmin={isAdmin}
          readOnly={role === 'user'}
        />
      ) : (
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      )}
    </div>
  );
}

interface SetupProps {
  merchantId: string;
  code: string;
  target: SetupTarget;
  isAdmin: boolean;
  /** The user is known not to be an admin (while the role loads, neither controls nor the notice show). */
  readOnly: boolean;
}

function SetupForCarrier({ merchantId, code, target, isAdmin, readOnly }: SetupProps) {
  const carriers = useCarriers();
  if (carriers.isPending) return <Loading />;
  if (carriers.isError) return <LoadFailed title={t.carriers.loadFailed} onRetry={() => void carriers.refetch()} testId="carriers-load-failed" />;
  const carrier = carriers.data.find((c) => c.code === code);
  if (!carrier) return <NotFound title={t.setup.notFoundTitle} text={t.setup.notFoundText(code)} testId="carrier-not-found" />;
  if (target.mode === 'new') {
    return (
      <>
        <SetupHeader carrier={carrier} editing={false} />
        {readOnly ? <ReadOnlyNotice /> : null}
        {isAdmin ? <CredentialsForm merchantId={merchantId} carrier={carrier} integration={null} isAdmin /> : null}
      </>
    );
  }
  return <ExistingIntegration merchantId={merchantId} carrier={carrier} integrationId={target.integrationId} isAdmin={isAdmin} readOnly={readOnly} />;
}

function ExistingIntegration({
  merchantId,
  carrier,
  integrationId,
  isAdmin,
  readOnly,
}: {
  merchantId: string;
  carrier: CarrierJson;
  integrationId: string;
  isAdmin: boolean;
  readOnly: boolean;
}) {
  const query = useCarrierIntegration(merchantId, integrationId);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return errorStatusOf(query.error) === 404 ? (
      <NotFound title={t.setup.integrationNotFound} text={t.setup.integrationNotFoundText} testId="integration-not-found" />
    ) : (
      <LoadFailed title={t.setup.integrationLoadFailed} onRetry={() => void query.refetch()} />
    );
  }
  const integration: CarrierIntegrationJson = query.data;
  // An edit link with another carrier's code: show the integration under its own carrier.
  if (integration.provider !== carrier.code) {
    return <Navigate to={carrierSetupPath(integration.provider, { mode: 'edit', integrationId })} replace />;
  }
  return (
    <>
      <SetupHeader carrier={carrier} editing />
      {readOnly ? <ReadOnlyNotice /> : null}
      <ConnectionCard merchantId={merchantId} carrier={carrier} integration={integration} isAdmin={isAdmin} />
      {/* A letter service works through its codes; its credentials are optional, so they come after. */}
      {isPoolCarrier(carrier.code) ? (
        <TrackingCodeManager merchantId={merchantId} carrierCode={carrier.code} integrationId={String(integration.id)} isAdmin={isAdmin} />
      ) : null}
      <CredentialsForm merchantId={merchantId} carrier={carrier} integration={integration} isAdmin={isAdmin} />
    </>
  );
}

function SetupHeader({ carrier, editing }: { carrier: CarrierJson; editing: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-center">
      <CarrierLogo name={carrier.name} logoUrl={carrier.logoUrl} />
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold" data-testid="setup-title">
          {editing ? t.setup.editTitle(carrier.name) : t.setup.newTitle(carrier.name)}
        </h1>
        <p className="text-sm text-muted-foreground">{carrier.description}</p>
      </div>
    </div>
  );
}

function NotFound({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center" data-testid={testId}>
        <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{text}</p>
        <Link to={SETTINGS_CARRIERS_PATH} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden />
          {t.setup.back}
        </Link>
      </CardContent>
    </Card>
  );
}
