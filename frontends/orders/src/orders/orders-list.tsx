import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown } from 'lucide-react';
import type { OrderJson, OrderSortField } from '@smista/contracts';
import {
  Button,
  Checkbox,
  cn,
  formatDate,
  formatDateTime,
  providerName,
  SelectPageCheckbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@smista/ui-kit';
import { OrderProblemBadge, OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { formatMoney } from '../format';
import { t } from '../messages';
import { orderDetailPath, type OrderLinkState } from '../paths';
import { UpdateTrackingButton } from './order-actions';
import { OrderPanel } from './order-panel';
import { orderProblems } from './problems';
import type { OrdersView } from './orders-view';

/** What the table and the cards share: the orders, which are selected and which are open. */
export interface OrdersListProps {
  merchantId: string;
  orders: OrderJson[];
  selected: ReadonlySet<number>;
  onToggleSelected: (orderId: number) => void;
  expanded: ReadonlySet<number>;
  onToggleExpanded: (orderId: number) => void;
}

/** The link to `/orders/{id}`, remembering the list it came from for 'Torna agli ordini'. */
function OrderLink({ order, className }: { order: OrderJson; className?: string }) {
  const location = useLocation();
  const state: OrderLinkState = { from: `${location.pathname}${location.search}` };
  return (
    <Link to={orderDetailPath(order.id)} state={state} className={cn('font-mono font-medium text-primary underline-offset-4 hover:underline', className)} aria-label={t.openOrderLabel(order.externalId)} data-testid="order-link">
      {order.externalId}
    </Link>
  );
}

/** A sortable column header (spec §2 sortBy / sortOrder), with `aria-sort` on the cell. */
function SortHeader({
  field,
  label,
  view,
  onSort,
  className,
}: {
  field: OrderSortField;
  label: string;
  view: OrdersView;
  onSort: (field: OrderSortField) => void;
  className?: string;
}) {
  const active = view.sortBy === field;
  const Icon = !active ? ArrowUpDown : view.sortOrder === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead className={className} aria-sort={active ? (view.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className={cn('inline-flex cursor-pointer items-center gap-1 uppercase hover:text-foreground', active && 'text-foreground')}
        aria-label={active ? (view.sortOrder === 'asc' ? t.sortAscending(label) : t.sortDescending(label)) : t.sortBy(label)}
        data-testid="orders-sort"
        data-field={field}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </TableHead>
  );
}

/** The desktop table: one row per order, its panel under it when open. */
export function OrdersTable({
  view,
  onSort,
  allSelected,
  someSelected,
  onToggleAll,
  ...props
}: OrdersListProps & { view: OrdersView; onSort: (field: OrderSortField) => void; allSelected: boolean; someSelected: boolean; onToggleAll: () => void }) {
  const { merchantId, orders, selected, onToggleSelected, expanded, onToggleExpanded } = props;
  const columns = 8;
  return (
    <Table data-testid="orders-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">
            <SelectPageCheckbox all={allSelected} some={someSelected} onToggle={onToggleAll} label={t.selectPage} testId="orders-select-page" />
          </TableHead>
          <TableHead className="w-10">
            <span className="sr-only">{t.details}</span>
          </TableHead>
          <SortHeader field="externalId" label={t.columns.order} view={view} onSort={onSort} />
          <SortHeader field="buyerName" label={t.columns.customer} view={view} onSort={onSort} />
          <SortHeader field="orderDate" label={t.columns.date} view={view} onSort={onSort} />
          <SortHeader field="total" label={t.columns.total} view={view} onSort={onSort} className="text-right" />
          <SortHeader field="status" label={t.columns.status} view={view} onSort={onSort} />
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => {
          const open = expanded.has(order.id);
          const isSelected = selected.has(order.id);
          return (
            <Fragment key={order.id}>
              <TableRow
                className={cn(isSelected && 'bg-muted/40', open && 'border-b-0')}
                data-testid="order-row"
                data-order-id={order.id}
                data-external-id={order.externalId}
                data-status={order.status}
                data-state={isSelected ? 'selected' : undefined}
              >
                <TableCell>
                  <Checkbox checked={isSelected} onCheckedChange={() => onToggleSelected(order.id)} aria-label={t.selectOrder(order.externalId)} data-testid="order-select" />
                </TableCell>
                <TableCell className="px-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    onClick={() => onToggleExpanded(order.id)}
                    aria-expanded={open}
                    aria-label={open ? t.collapse(order.externalId) : t.expand(order.externalId)}
                    data-testid="order-expand"
                  >
                    <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
                  </Button>
                </TableCell>
                <TableCell>
                  <div className="grid gap-0.5">
                    <OrderLink order={order} className="whitespace-nowrap" />
                    <span className="text-xs text-muted-foreground">{providerName(order.marketplace)}</span>
                  </div>
                </TableCell>
                <TableCell className="max-w-56">
                  {/* At least room for a whole name: a cell that only truncates is what the table squeezes first. */}
                  <div className="grid min-w-36 gap-0.5">
                    <span className="truncate font-medium" title={order.buyerName} data-testid="order-buyer">
                      {order.buyerName}
                    </span>
                    {order.buyerEmail || order.externalUsername ? (
                      <span className="truncate text-xs text-muted-foreground" title={order.buyerEmail ?? order.externalUsername ?? undefined}>
                        {order.buyerEmail ?? order.externalUsername}
                      </span>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground" title={formatDateTime(order.orderDate)}>
                  {formatDate(order.orderDate)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <div className="grid gap-0.5">
                    <span className="font-medium tabular-nums" data-testid="order-total">
                      {formatMoney(order.total, order.currency)}
                    </span>
                    <span className="text-xs text-muted-foreground">{t.itemsCount(order.itemsCount)}</span>
                  </div>
                </TableCell>
                <TableCell>
                  {/* The longest payment badge wraps rather than widening the column past the screen at 1280 px. */}
                  <div className="flex max-w-32 flex-col items-start gap-1">
                    <OrderStatusBadge status={order.status} />
                    <PaymentStatusBadge status={order.paymentStatus} wrap />
                    {orderProblems(order).map((problem) => (
                      <OrderProblemBadge key={problem} text={problem} />
                    ))}
                  </div>
                </TableCell>
                <TableCell className="text-right">
                  <UpdateTrackingButton merchantId={merchantId} order={order} />
                </TableCell>
              </TableRow>
              {open ? (
                <TableRow className="hover:bg-transparent" data-testid="order-panel-row" data-order-id={order.id}>
                  <TableCell colSpan={columns} className="bg-muted/30 p-4">
                    <OrderPanel merchantId={merchantId} order={order} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Under 768 px: one card per order, its panel inside the card when open. */
export function OrderCards({ merchantId, orders, selected, onToggleSelected, expanded, onToggleExpanded }: OrdersListProps) {
  return (
    <ul className="grid gap-3" data-testid="orders-cards">
      {orders.map((order) => {
        const open = expanded.has(order.id);
        const isSelected = selected.has(order.id);
        return (
          <li
            key={order.id}
            className={cn('grid min-w-0 gap-3 rounded-lg border border-border bg-card p-3', isSelected && 'border-primary/50 bg-muted/40')}
            data-testid="order-row"
            data-order-id={order.id}
            data-external-id={order.externalId}
            data-status={order.status}
            data-state={isSelected ? 'selected' : undefined}
          >
            <div className="flex items-start gap-3">
              <Checkbox className="mt-0.5" checked={isSelected} onCheckedChange={() => onToggleSelected(order.id)} aria-label={t.selectOrder(order.externalId)} data-testid="order-select" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex items-start justify-between gap-2">
                  <OrderLink order={order} className="min-w-0 [overflow-wrap:anywhere]" />
                  <span className="shrink-0 font-medium tabular-nums" data-testid="order-total">
                    {formatMoney(order.total, order.currency)}
                  </span>
                </div>
                <span className="truncate text-sm font-medium" data-testid="order-buyer">
                  {order.buyerName}
                </span>
                <span className="text-xs text-muted-foreground">
                  {providerName(order.marketplace)} · {formatDate(order.orderDate)} · {t.itemsCount(order.itemsCount)}
                </span>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={order.status} />
              <PaymentStatusBadge status={order.paymentStatus} />
              {orderProblems(order).map((problem) => (
                <OrderProblemBadge key={problem} text={problem} />
              ))}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button variant="ghost" size="sm" onClick={() => onToggleExpanded(order.id)} aria-expanded={open} aria-label={open ? t.collapse(order.externalId) : t.expand(order.externalId)} data-testid="order-expand">
                <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
                {open ? t.hideDetails : t.details}
              </Button>
              <UpdateTrackingButton merchantId={merchantId} order={order} />
            </div>
            {open ? <OrderPanel merchantId={merchantId} order={order} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
