import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import type { TrackingCodeJson } from '@smista/contracts';
import { Badge, type BadgeVariant, Button, ConfirmDialog, EmptyText, Label, LoadFailed, Loading, NativeSelect, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast, useIsMobile } from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { formatItalianDateTime } from '../format';
import { t } from '../messages';
import { CODE_FILTERS, pageRange, type CodeFilter } from './code-input';
import { useCodePage, useDeleteCode } from './tracking-codes-api';

/** What the Gestisci tab shows: the status filter and the page. */
export interface CodesView {
  filter: CodeFilter;
  page: number;
}

export const FIRST_VIEW: CodesView = { filter: 'all', page: 1 };

const FILTER_LABELS: Record<CodeFilter, string> = { all: t.codes.filterAll, available: t.codes.filterAvailable, used: t.codes.filterUsed };
const STATUS_VARIANTS: Record<string, BadgeVariant> = { available: 'success', used: 'secondary', reserved: 'warning' };

/**
 * 'Gestisci' (spec §2): the pool's codes with a status filter (Tutti, Disponibili, Usati) and
 * pages of 20; a table on desktop, cards under 768 px. Only available codes can be deleted, by
 * admins, after a confirmation.
 */
export function CodesList({
  merchantId,
  integrationId,
  isAdmin,
  view,
  onViewChange,
}: {
  merchantId: string;
  integrationId: string;
  isAdmin: boolean;
  /** The filter and page, kept by the manager so they survive a switch to another tab and back. */
  view: CodesView;
  onViewChange: (view: CodesView) => void;
}) {
  const isMobile = useIsMobile();
  const { filter, page } = view;
  const setPage = (next: number | ((p: number) => number)) => onViewChange({ filter, page: typeof next === 'function' ? next(page) : next });
  const [deleting, setDeleting] = useState<TrackingCodeJson | null>(null);
  const list = useCodePage(merchantId, integrationId, filter, page);
  const remove = useDeleteCode(merchantId, integrationId);
  const meta = list.data?.meta;

  // A page emptied by deletions (or by codes used meanwhile) steps back to the last one.
  useEffect(() => {
    if (meta && meta.totalItems > 0 && page > meta.totalPages) setPage(meta.totalPages);
  }, [meta, page]);

  const confirmDelete = (code: TrackingCodeJson) =>
    remove.mutate(String(code.id), {
      onSuccess: () => toast({ title: t.codes.deleted, description: code.trackingCode }),
      onError: (error) => toast({ title: t.codes.deleteFailed, description: serverMessage(error), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });

  const deleteButton = (code: TrackingCodeJson) =>
    isAdmin && code.status === 'available' ? (
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setDeleting(code)}
        aria-label={`${t.codes.remove} ${code.trackingCode}`}
        data-testid="code-delete"
      >
        <Trash2 aria-hidden />
        {t.codes.remove}
      </Button>
    ) : null;
  const statusBadge = (code: TrackingCodeJson) => (
    <Badge variant={STATUS_VARIANTS[code.status] ?? 'outline'} data-testid="code-status">
      {t.codes.statusLabels[code.status] ?? code.status}
    </Badge>
  );
  const when = (code: TrackingCodeJson) =>
    code.usedAt ? t.codes.usedAt(formatItalianDateTime(code.usedAt)) : t.codes.createdAt(formatItalianDateTime(code.createdAt));

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadFailed title={t.codes.listLoadFailed} onRetry={() => void list.refetch()} />;
  else if (list.data.data.length === 0) {
    body = <EmptyText testId="codes-empty">{filter === 'all' ? t.codes.listEmpty : t.codes.listEmptyFiltered}</EmptyText>;
  } else if (isMobile) {
    body = (
      <ul className="grid gap-2" data-testid="codes-cards">
        {list.data.data.map((code) => (
          <li key={code.id} className="grid gap-2 rounded-lg border border-border p-3" data-testid="code-row" data-code={code.trackingCode} data-status={code.status}>
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 font-mono text-sm font-medium [overflow-wrap:anywhere]">{code.trackingCode}</span>
              {statusBadge(code)}
            </div>
            <div className="flex min-h-8 items-center justify-between gap-2">
              <span className="text-xs text-muted-foreground">
                {when(code)}
                {code.assignedToOrderId ? ` · ${t.codes.columns.order} ${code.assignedToOrderId}` : ''}
              </span>
              {deleteButton(code)}
            </div>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <Table data-testid="codes-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t.codes.columns.code}</TableHead>
            <TableHead>{t.codes.columns.status}</TableHead>
            <TableHead>{t.codes.columns.order}</TableHead>
            <TableHead>{t.codes.columns.date}</TableHead>
            {isAdmin ? <TableHead className="text-right">{t.codes.columns.actions}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.data.map((code) => (
            <TableRow key={code.id} data-testid="code-row" data-code={code.trackingCode} data-status={code.status}>
              <TableCell className="font-mono">{code.trackingCode}</TableCell>
              <TableCell>{statusBadge(code)}</TableCell>
              <TableCell>{code.assignedToOrderId ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatItalianDateTime(code.usedAt ?? code.createdAt)}</TableCell>
              {isAdmin ? <TableCell className="text-right">{deleteButton(code)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  const range = meta ? pageRange(meta.page, meta.pageSize, meta.totalItems) : null;

  return (
    <div className="grid gap-3" data-testid="codes-list">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor="codes-filter">{t.codes.filter}</Label>
        <NativeSelect
          id="codes-filter"
          className="sm:w-48"
          value={filter}
          onChange={(e) => onViewChange({ filter: e.target.value as CodeFilter, page: 1 })}
          data-testid="codes-filter"
        >
          {CODE_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {body}
      {meta && meta.totalItems > 0 && range ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="codes-pagination">
          <span className="text-muted-foreground" data-testid="codes-shown">
            {t.codes.shown(range.from, range.to, meta.totalItems)}
          </span>
          {/* Wraps on a phone: two buttons and 'Pagina X di Y' are wider than a 390 px card. */}
          <div className="flex flex-wrap items-center justify-between gap-2 sm:justify-end">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={!meta.hasPrevPage || list.isFetching} data-testid="codes-prev">
              <ChevronLeft aria-hidden />
              {t.codes.previous}
            </Button>
            <span className="whitespace-nowrap" data-testid="codes-page">
              {t.codes.page(meta.page, meta.totalPages)}
            </span>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!meta.hasNextPage || list.isFetching} data-testid="codes-next">
              {t.codes.next}
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>
      ) : null}
      {isAdmin ? (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title={t.codes.deleteTitle}
          description={t.codes.deleteConfirm(deleting?.trackingCode ?? '')}
          confirmLabel={t.codes.remove}
          pendingLabel={t.codes.removing}
          cancelLabel={t.cancel}
          destructive
          pending={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
        />
      ) : null}
    </div>
  );
}
