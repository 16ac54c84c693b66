import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AlertCircle, ArrowLeft, Power, PowerOff, RefreshCw, SearchX, Trash2 } from 'lucide-react';
import type { MarketplaceIntegrationJson, MarketplaceJson, SyncJobJson } from '@smista/contracts';
import {
  Badge,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  errorStatusOf,
  Label,
  LoadFailed,
  Loading,
  NoMerchant,
  Switch,
  toast,
} from '@smista/ui-kit';
import { useMerchantAccess, useSignedOut } from '../access';
import { AccessRequired } from '../components/access-required';
import { serverMessageOr } from '../errors';
import { MarketplaceLogo } from '../components/marketplace-logo';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { formatCount, formatNumericDateTime } from '../format';
import { RemoveIntegrationDialog, TokenWarning, useIntegrationActions, useRemoveTarget } from '../marketplaces/integration-actions';
import { useMarketplaceIntegration, useMarketplaces, useSetAutoUpdateTracking } from '../marketplaces/marketplaces-api';
import { autoTrackingHintOf, formatConfig, statusBadgeOf, syncJobOf } from '../marketplaces/marketplace-rules';
import { t } from '../messages';
import { marketplacesTabPath, MARKETPLACES_PATH } from '../paths';

/** Ids are positive integers; anything else is not an integration (no call made). */
const INTEGRATION_ID = /^[1-9]\d{0,17}$/;

/**
 * /dashboard/integration/{id} (spec §2): provider, type, status badge, connection date, the masked
 * access and refresh tokens with their expiries, the provider config as formatted JSON, the
 * service's token warning and the last sync; the 'Aggiorna tracking automaticamente' switch;
 * Attiva/Disattiva, 'Aggiorna Token' and 'Elimina' (confirmed, then back to the marketplaces).
 * 'Integrazione non trovata' for an unknown id.
 */
export function IntegrationDetailPage() {
  const integrationId = useParams().integrationId ?? '';
  const { merchant, isAdmin, role } = useMerchantAccess();
  const signedOut = useSignedOut();
  return (
    <div className="grid min-w-0 max-w-4xl gap-6" data-testid="integration-detail-page">
      <Link to={marketplacesTabPath('integrati')} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 justify-self-start' })} data-testid="detail-back">
        <ArrowLeft aria-hidden />
        {t.detail.back}
      </Link>
      {signedOut ? (
        <AccessRequired />
      ) : !merchant ? (
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      ) : !INTEGRATION_ID.test(integrationId) ? (
        <NotFound />
      ) : (
        <>
          {role === 'user' ? <ReadOnlyNotice text={t.readOnlyMarketplaces} /> : null}
          <IntegrationDetail key={`${merchant.id}:${integrationId}`} merchantId={merchant.id} integrationId={integrationId} isAdmin={isAdmin} />
        </>
      )}
    </div>
  );
}

function IntegrationDetail({ merchantId, integrationId, isAdmin }: { merchantId: string; integrationId: string; isAdmin: boolean }) {
  const query = useMarketplaceIntegration(merchantId, integrationId);
  const catalogue = useMarketplaces();
  const actions = useIntegrationActions(merchantId);
  const remove = useRemoveTarget();
  const navigate = useNavigate();

  if (query.isPending) return <Loading />;
  if (query.isError) {
    return errorStatusOf(query.error) === 404 ? (
      <NotFound />
    ) : (
      <LoadFailed title={`${t.detail.loadFailed}. ${t.detail.loadFailedText}`} onRetry={() => void query.refetch()} testId="detail-load-failed" />
    );
  }
  const integration = query.data;
  const marketplace: MarketplaceJson | undefined = catalogue.data?.find((m) => m.identifier === integration.provider);
  const name = integration.marketplaceName || marketplace?.name || integration.provider;
  const badge = statusBadgeOf(integration);
  const config = formatConfig(integration.config);
  const job = syncJobOf(integration);
  const refreshing = actions.isRefreshing(integration);

  return (
    <>
      <div className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-center">
        <MarketplaceLogo name={name} logoUrl={integration.logoUrl || marketplace?.logoUrl} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]" data-testid="detail-title">
            {t.detail.title(name)}
          </h1>
          {integration.username ? <p className="text-sm text-muted-foreground">{integration.username}</p> : null}
        </div>
        <Badge variant={badge.variant} className="self-start whitespace-nowrap sm:self-center" data-testid="detail-status" data-status={badge.key}>
          {badge.label}
        </Badge>
      </div>

      {integration.tokenWarning ? <TokenWarning testId="detail-token-warning">{integration.tokenWarning}</TokenWarning> : null}
      {integration.statusMessage && integration.statusMessage !== integration.tokenWarning ? (
        <div className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" role="alert" data-testid="detail-status-message">
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
            {t.detail.statusMessageTitle}
          </p>
          <p className="[overflow-wrap:anywhere]">{integration.statusMessage}</p>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t.detail.overview}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <Field label={t.detail.provider} testId="detail-provider">
                {name} <span className="text-muted-foreground">({integration.provider})</span>
              </Field>
              <Field label={t.detail.type} testId="detail-type">
                {t.detail.types[integration.type] ?? integration.type}
              </Field>
              <Field label={t.detail.status} testId="detail-status-text">
                {badge.label}
              </Field>
              <Field label={t.detail.connectedAt} testId="detail-connected-at">
                {formatNumericDateTime(integration.connectedAt) || t.marketplaces.noDate}
              </Field>
              <Field label={t.detail.createdAt} testId="detail-created-at">
                {formatNumericDateTime(integration.createdAt)}
              </Field>
              {integration.username ? (
                <Field label={t.detail.username} testId="detail-username">
                  {integration.username}
                </Field>
              ) : null}
              {integration.userId ? (
                <Field label={t.detail.userId} testId="detail-user-id">
                  {integration.userId}
                </Field>
              ) : null}
              {integration.accountType ? (
                <Field label={t.detail.accountType} testId="detail-account-type">
                  {integration.accountType}
                </Field>
              ) : null}
              {integration.email ? (
                <Field label={t.detail.email} testId="detail-email">
                  {integration.email}
                </Field>
              ) : null}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t.detail.tokens}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm">
              <TokenField label={t.detail.accessToken} masked={integration.accessToken} expiresAt={integration.accessTokenExpiresAt} testId="detail-access-token" />
              <TokenField label={t.detail.refreshToken} masked={integration.refreshToken} expiresAt={integration.refreshTokenExpiresAt} testId="detail-refresh-token" />
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{job && integration.currentJob ? t.detail.currentSync : t.detail.lastSync}</CardTitle>
          </CardHeader>
          <CardContent>
            <SyncJob job={job} />
          </CardContent>
        </Card>

        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t.detail.config}</CardTitle>
          </CardHeader>
          <CardContent>
            {config ? (
              <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid="detail-config">
                {config}
              </pre>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="detail-config-empty">
                {t.detail.configEmpty}
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      {integration.type === 'marketplace' && autoTrackingHintOf(integration) !== null ? <AutoUpdateTracking merchantId={merchantId} integration={integration} isAdmin={isAdmin} /> : null}

      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle>{t.detail.actions}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              variant="outline"
              onClick={() => actions.setActive(integration, !integration.active)}
              disabled={actions.isToggling(integration)}
              data-testid="detail-toggle"
            >
              {integration.active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
              {integration.active ? t.detail.deactivate : t.detail.activate}
            </Button>
            <Button variant="outline" onClick={() => actions.refreshToken(integration, marketplace)} disabled={refreshing} data-testid="detail-refresh">
              <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
              {refreshing ? t.marketplaces.refreshingToken : t.detail.refreshAction}
            </Button>
            <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => remove.ask(integration)} data-testid="detail-delete">
              <Trash2 aria-hidden />
              {t.detail.remove}
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <RemoveIntegrationDialog
        integration={remove.target}
        wording="delete"
        actions={actions}
        onClose={remove.close}
        onRemoved={() => navigate(MARKETPLACES_PATH, { replace: true })}
      />
    </>
  );
}

/**
 * 'Aggiorna tracking automaticamente': whether the tracking number of every new label goes to the
 * marketplace by itself (`autoUpdateTracking`), `PATCH /api/merchants/{merchantId}/integrations/{id}`.
 * Only admins change it: for a user the switch is off with a word why; a refusal of the server
 * (a 403 after a role change) shows its message.
 */
function AutoUpdateTracking({ merchantId, integration, isAdmin }: { merchantId: string; integration: MarketplaceIntegrationJson; isAdmin: boolean }) {
  const save = useSetAutoUpdateTracking(merchantId);
  const change = (autoUpdateTracking: boolean) =>
    save.mutate(
      { id: integration.id, autoUpdateTracking },
      {
        onSuccess: (saved) =>
          toast({ title: (saved?.autoUpdateTracking ?? autoUpdateTracking) ? t.detail.autoUpdateTrackingOn : t.detail.autoUpdateTrackingOff }),
        onError: (error) =>
          toast({ title: t.marketplaces.errorTitle, description: serverMessageOr(error, t.detail.autoUpdateTrackingFailed), variant: 'destructive' }),
      },
    );
  const checked = save.isPending && save.variables ? save.variables.autoUpdateTracking : integration.autoUpdateTracking;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.detail.tracking}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Switch
            id="integration-auto-tracking"
            checked={checked}
            onCheckedChange={change}
            disabled={!isAdmin || save.isPending}
            aria-describedby="integration-auto-tracking-hint"
            data-testid="detail-auto-tracking"
          />
          <div className="grid gap-1">
            <Label htmlFor="integration-auto-tracking">{t.detail.autoUpdateTracking}</Label>
            <p id="integration-auto-tracking-hint" className="text-xs text-muted-foreground">
              {autoTrackingHintOf(integration)}
              {isAdmin ? null : <span className="block">{t.detail.autoUpdateTrackingAdminOnly}</span>}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function Field({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A token as the server masked it (8 + 6 dots + 8), and when it expires. */
function TokenField({ label, masked, expiresAt, testId }: { label: string; masked: string | null; expiresAt: string | null; testId: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid={testId}>
        {masked || t.detail.noToken}
      </dd>
      {expiresAt ? (
        <dd className="text-xs text-muted-foreground" data-testid={`${testId}-expiry`}>
          {t.detail.expiresAt(formatNumericDateTime(expiresAt))}
        </dd>
      ) : null}
    </div>
  );
}

const JOB_VARIANTS: Record<SyncJobJson['status'], 'success' | 'warning' | 'destructive' | 'default'> = {
  completed: 'success',
  pending: 'warning',
  running: 'default',
  failed: 'destructive',
};

/** The last (or running) sync: status, orders found and synced, when, and its error in Italian. */
function SyncJob({ job }: { job: SyncJobJson | null }) {
  if (!job) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="detail-sync-none">
        {t.detail.noSync}
      </p>
    );
  }
  return (
    <dl className="grid gap-3 text-sm" data-testid="detail-sync" data-status={job.status}>
      <Field label={t.detail.status} testId="detail-sync-status">
        <Badge variant={JOB_VARIANTS[job.status] ?? 'outline'}>{t.detail.jobStatus[job.status] ?? job.status}</Badge>
        <span className="ml-2 text-xs text-muted-foreground">{t.detail.triggeredBy[job.triggeredBy] ?? job.triggeredBy}</span>
      </Field>
      <Field label={t.detail.ordersFound} testId="detail-sync-found">
        {formatCount(job.ordersFound)}
      </Field>
      <Field label={t.detail.ordersSynced} testId="detail-sync-synced">
        {formatCount(job.ordersSynced)}
      </Field>
      {job.startedAt ? (
        <Field label={t.detail.startedAt} testId="detail-sync-started">
          {formatNumericDateTime(job.startedAt)}
        </Field>
      ) : null}
      {job.completedAt ? (
        <Field label={t.detail.completedAt} testId="detail-sync-completed">
          {formatNumericDateTime(job.completedAt)}
        </Field>
      ) : null}
      {job.errorMessage ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-destructive [overflow-wrap:anywhere]" data-testid="detail-sync-error">
          {job.errorMessage}
        </p>
      ) : null}
    </dl>
  );
}

function NotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center" data-testid="integration-not-found">
        <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">{t.detail.notFoundTitle}</h1>
        <p className="text-sm text-muted-foreground">{t.detail.notFoundText}</p>
        <Link to={MARKETPLACES_PATH} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden />
          {t.detail.back}
        </Link>
      </CardContent>
    </Card>
  );
}
