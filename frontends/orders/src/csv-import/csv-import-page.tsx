import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowLeft, CheckCircle2, FileDown, Upload } from 'lucide-react';
import { ORDER_CSV_COLUMNS, ORDER_CSV_EXAMPLE, ORDER_CSV_TEMPLATE, type OrderImportJobJson, type OrderImportPreviewJson } from '@smista/contracts';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  errorMessageFrom,
  NoMerchant,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { formatMoney } from '../format';
import { t as ordersText } from '../messages';
import { DASHBOARD_ORDERS_PATH } from '../paths';
import { downloadText, useImportJob, usePreviewImport, useStartImport } from './csv-import-api';
import { csvImportText as t } from './messages';

/**
 * /dashboard/orders/import (and /orders/import): 'Importa ordini da CSV' (issue 25). The template
 * and an example to download with the columns explained; a file chosen is previewed (what will be
 * created, each row's problems by row and column, the orders already imported); 'Importa' starts
 * the job and the screen follows its progress until it is over.
 */
export function CsvImportPage() {
  const merchant = useSelectedMerchant();
  return (
    <div className="grid min-w-0 gap-4" data-testid="csv-import-page">
      <Link to={DASHBOARD_ORDERS_PATH} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 justify-self-start' })} data-testid="csv-import-back">
        <ArrowLeft aria-hidden />
        {t.back}
      </Link>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {merchant ? <CsvImport key={merchant.id} merchantId={merchant.id} /> : <NoMerchant title={ordersText.noMerchantTitle} text={ordersText.noMerchant} />}
    </div>
  );
}

function CsvImport({ merchantId }: { merchantId: string }) {
  const inputId = useId();
  const preview = usePreviewImport();
  const start = useStartImport();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(merchantId, jobId);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const next = { fileName: chosen.name, content: await chosen.text() };
    setFile(next);
    setJobId(null);
    preview.reset();
    preview.mutate(next, { onError: (error) => toast({ title: t.previewFailed, description: errorMessageFrom(error), variant: 'destructive' }) });
  };

  const runImport = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => setJobId(started.id),
      onError: (error) => toast({ title: t.importFailed, description: errorMessageFrom(error), variant: 'destructive' }),
    });
  };

  return (
    <>
      <Card className="min-w-0">
        <CardContent className="grid gap-3 p-4">
          <div className="flex flex-wrap gap-2">
            <label htmlFor={inputId} className={buttonVariants({ className: 'cursor-pointer' })} data-testid="csv-import-choose">
              <Upload aria-hidden />
              {t.chooseFile}
            </label>
            <input id={inputId} type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void choose(e)} data-testid="csv-import-file" />
            <Button variant="outline" onClick={() => downloadText('modello-ordini.csv', ORDER_CSV_TEMPLATE)} data-testid="csv-import-template">
              <FileDown aria-hidden />
              {t.template}
            </Button>
            <Button variant="outline" onClick={() => downloadText('esempio-ordini.csv', ORDER_CSV_EXAMPLE)} data-testid="csv-import-example">
              <FileDown aria-hidden />
              {t.example}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t.fileHint}</p>
          <details className="text-sm" data-testid="csv-import-columns">
            <summary className="cursor-pointer font-medium">{t.columns}</summary>
            <ul className="mt-2 grid gap-1">
              {ORDER_CSV_COLUMNS.map((c) => (
                <li key={c.name} className="[overflow-wrap:anywhere]">
                  <code className="font-mono">{c.name}</code> {c.required ? <strong>({t.required.toLowerCase()})</strong> : null} — {c.description}
                </li>
              ))}
            </ul>
          </details>
        </CardContent>
      </Card>

      {preview.isPending ? <p className="text-sm text-muted-foreground">{t.reading}</p> : null}
      {preview.data && file && jobId === null ? <Preview fileName={file.fileName} preview={preview.data} starting={start.isPending} onImport={runImport} /> : null}
      {jobId !== null ? (
        <Progress
          job={job.data}
          onAnother={() => {
            setJobId(null);
            setFile(null);
            preview.reset();
          }}
        />
      ) : null}
    </>
  );
}

function Preview({ fileName, preview, starting, onImport }: { fileName: string; preview: OrderImportPreviewJson; starting: boolean; onImport: () => void }) {
  const blocked = preview.problemCount > 0;
  return (
    <Card className="min-w-0" data-testid="csv-import-preview">
      <CardHeader className="p-4 pb-2">
        <CardTitle className="text-base [overflow-wrap:anywhere]">{t.previewTitle(fileName)}</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 p-4 pt-0">
        <ul className="grid gap-1 text-sm">
          <li data-testid="csv-import-summary">{t.summary(preview.rows, preview.orders)}</li>
          <li className="font-medium" data-testid="csv-import-new">{t.newOrders(preview.newOrders)}</li>
          {preview.alreadyImportedCount > 0 ? <li data-testid="csv-import-already">{t.alreadyImported(preview.alreadyImportedCount)}</li> : null}
          {blocked ? (
            <li className="flex items-center gap-1 font-medium text-destructive" data-testid="csv-import-problem-count">
              <AlertTriangle className="h-4 w-4" aria-hidden />
              {t.problems(preview.problemCount)}
            </li>
          ) : null}
        </ul>
        {blocked ? (
          <div className="grid min-w-0 gap-2">
            <div className="overflow-x-auto">
              <Table data-testid="csv-import-problems">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t.row}</TableHead>
                    <TableHead>{t.column}</TableHead>
                    <TableHead>{t.reason}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.problems.map((p, i) => (
                    <TableRow key={i} data-testid="csv-import-problem">
                      <TableCell className="tabular-nums">{p.row}</TableCell>
                      <TableCell className="font-mono">{p.column}</TableCell>
                      <TableCell className="[overflow-wrap:anywhere]">{p.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {preview.problemCount > preview.problems.length ? <p className="text-sm text-muted-foreground">{t.problemsMore(preview.problems.length, preview.problemCount)}</p> : null}
            <p className="text-sm">{t.fixFirst}</p>
          </div>
        ) : null}
        {preview.sample.length > 0 ? (
          <div className="grid min-w-0 gap-2">
            <h3 className="text-sm font-medium">{t.sampleTitle}</h3>
            <div className="overflow-x-auto">
              <Table data-testid="csv-import-sample">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t.orderNumber}</TableHead>
                    <TableHead>{t.recipient}</TableHead>
                    <TableHead>{t.city}</TableHead>
                    <TableHead>{t.country}</TableHead>
                    <TableHead className="text-right">{t.items}</TableHead>
                    <TableHead className="text-right">{t.total}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.sample.map((o) => (
                    <TableRow key={o.externalId}>
                      <TableCell className="font-mono">{o.externalId}</TableCell>
                      <TableCell>{o.recipientName}</TableCell>
                      <TableCell>{o.city}</TableCell>
                      <TableCell>{o.countryCode}</TableCell>
                      <TableCell className="text-right tabular-nums">{o.items}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(o.total, 'EUR')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        ) : null}
        {preview.alreadyImported.length > 0 ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="csv-import-already-list">
            {t.alreadyTitle}: {preview.alreadyImported.slice(0, 20).join(', ')}
            {preview.alreadyImportedCount > 20 ? '…' : ''}
          </p>
        ) : null}
        {!blocked && preview.newOrders === 0 ? <p className="text-sm">{t.nothingNew}</p> : null}
        {/* Importing again is allowed: the orders already there are left as they are (the job says how many). */}
        <Button className="justify-self-start" onClick={onImport} disabled={blocked || preview.orders === 0 || starting} data-testid="csv-import-start">
          {/* The button counts what the import will create: the orders already there are skipped. */}
          {starting ? t.starting : preview.newOrders === 0 ? t.importAgain : t.importButton(preview.newOrders)}
        </Button>
      </CardContent>
    </Card>
  );
}

function Progress({ job, onAnother }: { job: OrderImportJobJson | undefined; onAnother: () => void }) {
  const total = job?.totalOrders ?? 0;
  const done = job?.processedOrders ?? 0;
  const over = job?.status === 'completed' || job?.status === 'failed';
  return (
    <Card className="min-w-0" data-testid="csv-import-job" data-status={job?.status ?? 'pending'}>
      <CardContent className="grid gap-3 p-4">
        <p className="flex items-center gap-2 font-medium" data-testid="csv-import-job-title">
          {job?.status === 'completed' ? <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden /> : null}
          {job?.status === 'completed' ? t.completed : job?.status === 'failed' ? t.failed : t.running}
        </p>
        <div className="h-2 w-full overflow-hidden rounded bg-muted" role="progressbar" aria-label={t.progressLabel} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
          <div className="h-full bg-primary transition-all" style={{ width: `${total > 0 ? Math.round((done / total) * 100) : 0}%` }} />
        </div>
        <p className="text-sm tabular-nums text-muted-foreground" data-testid="csv-import-job-progress">
          {t.progress(done, total)}
        </p>
        {job?.status === 'completed' ? (
          <p className="text-sm" data-testid="csv-import-job-result">
            {t.completedText(job.createdOrders, job.skippedOrders)}
          </p>
        ) : null}
        {job?.error ? <p className="text-sm text-destructive">{job.error}</p> : null}
        {over ? (
          <div className="flex flex-wrap gap-2">
            <Link to={DASHBOARD_ORDERS_PATH} className={buttonVariants()} data-testid="csv-import-go-orders">
              {t.goToOrders}
            </Link>
            <Button variant="outline" onClick={onAnother} data-testid="csv-import-another">
              {t.another}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
