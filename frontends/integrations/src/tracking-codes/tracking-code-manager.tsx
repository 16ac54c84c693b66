import { useState } from 'react';
import { AlertTriangle, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { TrackingCodeStatsJson } from '@smista/contracts';
import { buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, LoadFailed, Loading, Tabs, TabsContent, TabsList, TabsTrigger } from '@smista/ui-kit';
import { formatCount } from '../format';
import { t } from '../messages';
import { AddCodesPanel } from './add-codes-panel';
import { todayInItaly } from './code-input';
import { CodesList, FIRST_VIEW, type CodesView } from './codes-list';
import { distintaUrl, useCodeStats } from './tracking-codes-api';

type CodesTab = 'stats' | 'add' | 'manage';

/**
 * The tracking-code pool of a letter service's integration (spec §2, §4, §5): the low-stock
 * warning above the tabs, then Statistiche, Aggiungi Codici (admins) and Gestisci, and the day's
 * distinta as CSV and PDF.
 */
export function TrackingCodeManager({
  merchantId,
  carrierCode,
  integrationId,
  isAdmin,
}: {
  merchantId: string;
  carrierCode: string;
  integrationId: string;
  isAdmin: boolean;
}) {
  const [tab, setTab] = useState<CodesTab>('stats');
  const [codesView, setCodesView] = useState<CodesView>(FIRST_VIEW);
  const stats = useCodeStats(merchantId, integrationId);

  return (
    <Card data-testid="tracking-codes">
      <CardHeader>
        <CardTitle>{t.codes.title}</CardTitle>
        <CardDescription>{t.codes.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats.data?.lowStock ? <LowStockWarning available={stats.data.available} /> : null}
        <Tabs value={tab} onValueChange={(v) => setTab(v as CodesTab)}>
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="stats" className="flex-1 sm:flex-none" data-testid="codes-tab-stats">
              {t.codes.tabs.stats}
            </TabsTrigger>
            {isAdmin ? (
              <TabsTrigger value="add" className="flex-1 sm:flex-none" data-testid="codes-tab-add">
                {t.codes.tabs.add}
              </TabsTrigger>
            ) : null}
            <TabsTrigger value="manage" className="flex-1 sm:flex-none" data-testid="codes-tab-manage">
              {t.codes.tabs.manage}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="stats" className="mt-4">
            {stats.isPending ? (
              <Loading />
            ) : stats.isError ? (
              <LoadFailed title={t.codes.statsLoadFailed} onRetry={() => void stats.refetch()} />
            ) : (
              <StatsTiles stats={stats.data} />
            )}
          </TabsContent>
          {isAdmin ? (
            <TabsContent value="add" className="mt-4">
              <AddCodesPanel merchantId={merchantId} integrationId={integrationId} carrierCode={carrierCode} />
            </TabsContent>
          ) : null}
          <TabsContent value="manage" className="mt-4">
            <CodesList merchantId={merchantId} integrationId={integrationId} isAdmin={isAdmin} view={codesView} onViewChange={setCodesView} />
          </TabsContent>
        </Tabs>
        <Distinta merchantId={merchantId} integrationId={integrationId} />
      </CardContent>
    </Card>
  );
}

/** 'Scorte in esaurimento' (spec §4, §9: fewer than 10 available codes). */
function LowStockWarning({ available }: { available: number }) {
  return (
    <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="low-stock-warning">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="grid gap-0.5">
        <p className="font-semibold">{t.codes.lowStockTitle}</p>
        <p>{t.codes.lowStockText(available)}</p>
      </div>
    </div>
  );
}

function StatsTiles({ stats }: { stats: TrackingCodeStatsJson }) {
  const tiles = [
    { key: 'available', label: t.codes.available, value: stats.available },
    { key: 'used', label: t.codes.used, value: stats.used },
    ...(stats.reserved > 0 ? [{ key: 'reserved', label: t.codes.reserved, value: stats.reserved }] : []),
    { key: 'total', label: t.codes.total, value: stats.total },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="codes-stats">
      {tiles.map((tile) => (
        <div key={tile.key} className="grid gap-1 rounded-lg border border-border p-3" data-testid={`codes-stat-${tile.key}`}>
          <dt className="text-xs font-medium text-muted-foreground">{tile.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`codes-stat-${tile.key}-value`}>
            {formatCount(tile.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The day's distinta (the codes used that day, for Poste's acceptance) as CSV and PDF links. */
function Distinta({ merchantId, integrationId }: { merchantId: string; integrationId: string }) {
  const [date, setDate] = useState(() => todayInItaly());
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const link = (format: 'csv' | 'pdf') =>
    valid ? distintaUrl(merchantId, integrationId, date, format) : undefined;
  return (
    <section className="grid gap-3 border-t border-border pt-4" aria-labelledby="distinta-title" data-testid="distinta">
      <div className="grid gap-1">
        <h4 id="distinta-title" className="flex items-center gap-2 text-sm font-semibold">
          <Download className="h-4 w-4" aria-hidden />
          {t.codes.distintaTitle}
        </h4>
        <p className="text-sm text-muted-foreground">{t.codes.distintaText}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor="distinta-date">{t.codes.distintaDate}</Label>
          <Input id="distinta-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className="sm:w-44" />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <a href={link('csv')} download className={buttonVariants({ variant: 'outline', className: valid ? '' : 'pointer-events-none opacity-50' })} data-testid="distinta-csv">
            <FileSpreadsheet aria-hidden />
            {t.codes.distintaCsv}
          </a>
          <a href={link('pdf')} download className={buttonVariants({ variant: 'outline', className: valid ? '' : 'pointer-events-none opacity-50' })} data-testid="distinta-pdf">
            <FileText aria-hidden />
            {t.codes.distintaPdf}
          </a>
        </div>
      </div>
    </section>
  );
}
