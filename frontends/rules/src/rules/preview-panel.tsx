import { Eye, RefreshCw, X } from 'lucide-react';
import { ruleOutcomeLabels, type CarrierIntegrationJson, type RulePreviewJson, type RulePreviewOrderJson } from '@smista/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  formatCount,
  LoadFailed,
  Loading,
  refusalMessageOf,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  ToneBadge,
} from '@smista/ui-kit';
import { formatKg } from '@smista/contracts';
import { t } from '../messages';
import { outcomeTone, previewOrderLabel, previewTotal, shownNote, summaryItems } from './preview';
import { useRulePreview } from './rules-api';
import { carrierLook } from './rules-view';

const p = t.preview;

/**
 * The dry run (issue 11): for the merchant's orders to ship, which rule would take each one and,
 * for each rule before it, the first condition that failed. Nothing is written; the panel says so.
 */
export function PreviewPanel({ merchantId, carriers, onClose, isMobile }: { merchantId: string; carriers: CarrierIntegrationJson[]; onClose: () => void; isMobile: boolean }) {
  const preview = useRulePreview(merchantId, true);
  let body;
  if (preview.isPending) body = <Loading testId="preview-loading" />;
  else if (preview.isError) {
    body = <LoadFailed title={t.errors.previewFailed} text={refusalMessageOf(preview.error) ?? t.errors.connection} onRetry={() => void preview.refetch()} testId="preview-failed" />;
  } else body = <PreviewResult preview={preview.data} carriers={carriers} isMobile={isMobile} />;

  return (
    <Card className="min-w-0" data-testid="rules-preview" aria-busy={preview.isFetching}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Eye className="h-5 w-5 text-muted-foreground" aria-hidden />
            {p.title}
          </CardTitle>
          <CardDescription data-testid="preview-nothing-written">{p.nothingWritten}</CardDescription>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => void preview.refetch()} disabled={preview.isFetching} data-testid="preview-refresh">
            <RefreshCw className={cn(preview.isFetching && 'animate-spin')} aria-hidden />
            {p.refresh}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={p.close} data-testid="preview-close">
            <X aria-hidden />
            {/* Not sr-only: an absolutely placed text would lengthen the document; the aria-label names the button. */}
            <span className="hidden sm:inline">{t.close}</span>
          </Button>
        </div>
      </CardHeader>
      <CardContent className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4', isMobile && 'px-3')}>{body}</CardContent>
    </Card>
  );
}

function PreviewResult({ preview, carriers, isMobile }: { preview: RulePreviewJson; carriers: CarrierIntegrationJson[]; isMobile: boolean }) {
  const note = shownNote(preview);
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label={p.summary} data-testid="preview-summary">
        {summaryItems(preview.summary).map((item) => (
          <div key={item.key} className="grid content-start gap-1 rounded-lg border border-border p-3" data-testid={`preview-count-${item.key}`} data-value={item.value}>
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
      {preview.message ? (
        <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="preview-message">
          {preview.message}
        </p>
      ) : null}
      {preview.orders.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="preview-empty">
          {p.empty}
        </p>
      ) : isMobile ? (
        <PreviewCards orders={preview.orders} carriers={carriers} />
      ) : (
        <PreviewTable orders={preview.orders} carriers={carriers} />
      )}
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </>
  );
}

/** The outcome's label may wrap: the table keeps its columns within the card at 1280 px. */
function Outcome({ order }: { order: RulePreviewOrderJson }) {
  return (
    <ToneBadge
      look={{ tone: outcomeTone(order.outcome), label: ruleOutcomeLabels[order.outcome] ?? order.outcome }}
      testId="preview-outcome"
      status={order.outcome}
      className="whitespace-normal"
    />
  );
}

/** The rule that would take the order, its carrier, and why every rule before it did not. */
function MatchAndReasons({ order, carriers }: { order: RulePreviewOrderJson; carriers: CarrierIntegrationJson[] }) {
  const rule = order.matchedRule;
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <span className={cn('font-medium [overflow-wrap:anywhere]', !rule && 'text-muted-foreground')} data-testid="preview-rule">
        {rule ? p.matched(rule.name, rule.priority) : p.noRule}
      </span>
      {rule ? <span className="text-xs text-muted-foreground">{p.carrierArrow(carrierLook(rule.carrierIntegrationId, carriers).name)}</span> : null}
      {order.reasons.length ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label={p.reasons} data-testid="preview-reasons">
          {order.reasons.map((reason, i) => (
            <li key={i} className="flex gap-1.5 [overflow-wrap:anywhere]" data-testid="preview-reason">
              <span aria-hidden>·</span>
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What else the engine read of the order: express, weight. */
function Traits({ order }: { order: RulePreviewOrderJson }) {
  const traits = [order.isExpress ? p.express : null, order.weightKg !== null ? p.weight(formatKg(order.weightKg)) : null].filter(Boolean);
  return traits.length ? <span className="text-xs text-muted-foreground">{traits.join(' · ')}</span> : null;
}

function PreviewTable({ orders, carriers }: { orders: RulePreviewOrderJson[]; carriers: CarrierIntegrationJson[] }) {
  return (
    <Table data-testid="preview-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{p.columns.order}</TableHead>
          <TableHead>{p.columns.buyer}</TableHead>
          <TableHead>{p.columns.country}</TableHead>
          <TableHead className="text-right">{p.columns.total}</TableHead>
          <TableHead>{p.columns.outcome}</TableHead>
          <TableHead>{p.columns.rule}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.orderId} data-testid="preview-order" data-order-id={order.orderId} data-external-id={order.externalId} data-outcome={order.outcome}>
            <TableCell className="align-top font-medium whitespace-nowrap">
              <div className="grid gap-0.5">
                <span data-testid="preview-order-label">{previewOrderLabel(order)}</span>
                <Traits order={order} />
              </div>
            </TableCell>
            <TableCell className="min-w-28 align-top [overflow-wrap:anywhere]">{order.buyerName || p.noBuyer}</TableCell>
            <TableCell className="align-top" data-testid="preview-country">
              {order.countryCode || '—'}
            </TableCell>
            <TableCell className="align-top text-right tabular-nums whitespace-nowrap">{previewTotal(order)}</TableCell>
            <TableCell className="w-48 min-w-40 align-top">
              <Outcome order={order} />
            </TableCell>
            <TableCell className="min-w-56 align-top">
              <MatchAndReasons order={order} carriers={carriers} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PreviewCards({ orders, carriers }: { orders: RulePreviewOrderJson[]; carriers: CarrierIntegrationJson[] }) {
  return (
    <ul className="grid gap-3" data-testid="preview-cards">
      {orders.map((order) => (
        <li
          key={order.orderId}
          className="grid min-w-0 gap-2 rounded-lg border border-border p-3"
          data-testid="preview-order"
          data-order-id={order.orderId}
          data-external-id={order.externalId}
          data-outcome={order.outcome}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-medium" data-testid="preview-order-label">
              {previewOrderLabel(order)}
            </span>
            <span className="tabular-nums">{previewTotal(order)}</span>
          </div>
          <div className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <span className="[overflow-wrap:anywhere]">{order.buyerName || p.noBuyer}</span>
            <span aria-hidden>·</span>
            <span data-testid="preview-country">{order.countryCode || '—'}</span>
            <Traits order={order} />
          </div>
          <div>
            <Outcome order={order} />
          </div>
          <MatchAndReasons order={order} carriers={carriers} />
        </li>
      ))}
    </ul>
  );
}
