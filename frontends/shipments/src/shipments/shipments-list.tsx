import { Fragment, type MouseEvent } from 'react';
import { AlertTriangle, Ban } from 'lucide-react';
import type { CarrierIntegrationJson, ShipmentJson } from '@smista/contracts';
import {
  Button,
  Checkbox,
  cn,
  formatDateTime,
  SelectPageCheckbox,
  ShipmentStatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  uiText,
} from '@smista/ui-kit';
import { formatRelative } from '../format';
import { t } from '../messages';
import { RowMenu, type DialogKind } from './row-menu';
import { carrierLabel, isRowToggleClick, orderLabel, recipientLabel } from './shipment-rules';
import { TrackingStatusBadge } from './tracking-badge';
import { trackingBadge } from './tracking-view';
import type { ShipmentActions } from './use-shipment-actions';

/** What the table and the cards share. */
export interface ShipmentsListProps {
  shipments: ShipmentJson[];
  carriers: CarrierIntegrationJson[] | undefined;
  selected: ReadonlySet<number>;
  onToggleSelected: (shipmentId: number) => void;
  actions: ShipmentActions;
  onOpen: (kind: DialogKind, shipment: ShipmentJson) => void;
}

/** Spec §2: a click on the row (not on one of its controls) toggles its selection. */
const rowClick = (onToggle: () => void) => (event: MouseEvent<HTMLElement>) => {
  if (isRowToggleClick(event.currentTarget, event.target)) onToggle();
};

/**
 * The carrier by connection name, and 'Cambia' opening 'Gestione Corriere' (under it in the table,
 * beside it on a card). A long connection name wraps: it is the merchant's only way to tell two
 * accounts of the same carrier apart, so it is never cut.
 */
function CarrierCell({
  shipment,
  carriers,
  onOpen,
  inline = false,
}: {
  shipment: ShipmentJson;
  carriers: CarrierIntegrationJson[] | undefined;
  onOpen: ShipmentsListProps['onOpen'];
  inline?: boolean;
}) {
  const name = carrierLabel(shipment, carriers);
  return (
    <div className={cn('flex min-w-0', inline ? 'flex-wrap items-baseline gap-x-2' : 'flex-col items-start')}>
      <span className={cn('min-w-0 break-words', !inline && 'min-w-28 max-w-40', shipment.carrierIntegrationId === null && 'text-muted-foreground')} data-testid="shipment-carrier">
        {name}
      </span>
      <Button
        variant="link"
        size="sm"
        className="h-auto shrink-0 p-0 text-xs"
        onClick={() => onOpen('carrier', shipment)}
        aria-label={t.changeCarrierLabel(orderLabel(shipment))}
        data-testid="shipment-change-carrier"
      >
        {t.changeCarrier}
      </Button>
    </div>
  );
}

/**
 * The tracking number, or a dash, and under it the carrier's last status in Italian (issue 26),
 * marked when the parcel is held, in trouble or back; the Errori tab's reason is shown by
 * {@link Problem}. In the table the badge wraps rather than widening it past a 1280 px screen.
 */
function Tracking({ shipment, inTable = false }: { shipment: ShipmentJson; inTable?: boolean }) {
  const badge = trackingBadge(shipment.trackingStatus);
  return (
    <span className="grid justify-items-start gap-1">
      {shipment.trackingNumber ? (
        <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="shipment-tracking">
          {shipment.trackingNumber}
        </span>
      ) : (
        <span className="text-muted-foreground" data-testid="shipment-tracking">
          {uiText.notAvailable}
        </span>
      )}
      {badge ? (
        <TrackingStatusBadge
          look={badge}
          status={shipment.trackingStatus ?? ''}
          testId="shipment-tracking-status"
          className={inTable ? 'max-w-32 whitespace-normal leading-tight' : undefined}
        />
      ) : null}
    </span>
  );
}

/** Why the shipment is a problem (the Errori tab): a failed label, no tracking movement, a carrier exception. */
function Problem({ shipment, className }: { shipment: ShipmentJson; className?: string }) {
  if (!shipment.problem) return null;
  return (
    <p className={cn('flex items-start gap-1 text-xs text-red-700 [overflow-wrap:anywhere]', className)} data-testid="shipment-problem">
      <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{shipment.problem}</span>
    </p>
  );
}

/** A label voided in Smista only (its carrier cannot cancel): marked not to be used, with the reason on hover. */
function LabelVoided({ shipment, className }: { shipment: ShipmentJson; className?: string }) {
  if (!shipment.labelVoidReason) return null;
  return (
    <span
      className={cn('inline-flex w-fit items-center gap-1 rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900', className)}
      title={shipment.labelVoidReason}
      data-testid="shipment-label-voided"
    >
      <Ban className="h-3 w-3 shrink-0" aria-hidden />
      {t.labelVoidedShort}
    </span>
  );
}

/**
 * The actions column stays in view at the right edge: beside the sidebar (768-1100 px) the ten
 * columns are wider than the card and the table scrolls sideways inside it, and the row menu must
 * not be the part that scrolls away.
 */
const STICKY_END = 'sticky right-0 bg-card';

/** The desktop table (spec §2 columns); a shipment with a problem (the Errori tab) says why on a line under its row. */
export function ShipmentsTable({
  allSelected,
  someSelected,
  onToggleAll,
  ...props
}: ShipmentsListProps & { allSelected: boolean; someSelected: boolean; onToggleAll: () => void }) {
  const { shipments, carriers, selected, onToggleSelected, actions, onOpen } = props;
  const columns = 10;
  return (
    <Table data-testid="shipments-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-9 px-2">
            <SelectPageCheckbox all={allSelected} some={someSelected} onToggle={onToggleAll} label={t.selectPage} testId="shipments-select-page" />
          </TableHead>
          <TableHead className="px-2">{t.columns.order}</TableHead>
          <TableHead className="px-2">{t.columns.recipient}</TableHead>
          <TableHead className="px-2">{t.columns.city}</TableHead>
          <TableHead className="px-2">{t.columns.country}</TableHead>
          <TableHead className="px-2">{t.columns.status}</TableHead>
          <TableHead className="px-2">{t.columns.tracking}</TableHead>
          <TableHead className="px-2">{t.columns.carrier}</TableHead>
          <TableHead className="px-2">{t.columns.date}</TableHead>
          <TableHead className={cn('w-10 px-2 text-right', STICKY_END)}>
            <span className="sr-only">{t.columns.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {shipments.map((shipment) => {
          const isSelected = selected.has(shipment.id);
          const order = orderLabel(shipment);
          const toggle = rowClick(() => onToggleSelected(shipment.id));
          const rowState = { 'data-shipment-id': shipment.id, 'data-state': isSelected ? 'selected' : undefined };
          return (
            <Fragment key={shipment.id}>
              <TableRow
                className={cn('cursor-pointer', isSelected && 'bg-muted/40', shipment.problem && 'border-b-0')}
                onClick={toggle}
                data-testid="shipment-row"
                data-status={shipment.status}
                {...rowState}
              >
                <TableCell className="px-2">
                  <Checkbox checked={isSelected} onCheckedChange={() => onToggleSelected(shipment.id)} aria-label={t.selectShipment(order)} data-testid="shipment-select" />
                </TableCell>
                <TableCell className="whitespace-nowrap px-2 font-mono text-xs font-medium" data-testid="shipment-order">
                  {order}
                </TableCell>
                <TableCell className="px-2">
                  <span className={cn('block min-w-28 max-w-44 break-words', !shipment.recipientName?.trim() && 'text-muted-foreground')} data-testid="shipment-recipient">
                    {recipientLabel(shipment)}
                  </span>
                </TableCell>
                <TableCell className="px-2">
                  <span className="block min-w-20 max-w-32 break-words" data-testid="shipment-city">
                    {shipment.city}
                  </span>
                </TableCell>
                <TableCell className="px-2 font-mono text-xs" data-testid="shipment-country">
                  {shipment.countryCode}
                </TableCell>
                <TableCell className="px-2">
                  <span className="grid justify-items-start gap-1">
                    <ShipmentStatusBadge status={shipment.status} />
                    {/* Wrapped on two lines: on one it widened the table past a 1280 px screen. */}
                    <LabelVoided shipment={shipment} className="max-w-28 leading-tight" />
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap px-2">
                  <Tracking shipment={shipment} inTable />
                </TableCell>
                <TableCell className="px-2">
                  <CarrierCell shipment={shipment} carriers={carriers} onOpen={onOpen} />
                </TableCell>
                <TableCell className="px-2 text-xs text-muted-foreground" title={formatDateTime(shipment.createdAt)}>
                  <span className="block min-w-20 max-w-28" data-testid="shipment-date">
                    {formatRelative(shipment.createdAt)}
                  </span>
                </TableCell>
                <TableCell className={cn('px-2 text-right', STICKY_END)}>
                  <RowMenu shipment={shipment} actions={actions} onOpen={onOpen} />
                </TableCell>
              </TableRow>
              {shipment.problem ? (
                <TableRow className={cn('cursor-pointer', isSelected && 'bg-muted/40')} onClick={toggle} data-testid="shipment-problem-row" {...rowState}>
                  <TableCell className="px-2 pt-0" />
                  <TableCell colSpan={columns - 1} className="px-2 pt-0">
                    <Problem shipment={shipment} />
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

/** Under 768 px: one card per shipment, with the label-printed and created times (spec §2). */
export function ShipmentCards({ shipments, carriers, selected, onToggleSelected, actions, onOpen }: ShipmentsListProps) {
  return (
    <ul className="grid gap-3" data-testid="shipments-cards">
      {shipments.map((shipment) => {
        const isSelected = selected.has(shipment.id);
        const order = orderLabel(shipment);
        return (
          <li
            key={shipment.id}
            className={cn('grid min-w-0 cursor-pointer gap-2 rounded-lg border border-border bg-card p-3', isSelected && 'border-primary/50 bg-muted/40')}
            onClick={rowClick(() => onToggleSelected(shipment.id))}
            data-testid="shipment-row"
            data-shipment-id={shipment.id}
            data-status={shipment.status}
            data-state={isSelected ? 'selected' : undefined}
          >
            <div className="flex items-start gap-3">
              <Checkbox className="mt-1" checked={isSelected} onCheckedChange={() => onToggleSelected(shipment.id)} aria-label={t.selectShipment(order)} data-testid="shipment-select" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-mono font-medium [overflow-wrap:anywhere]" data-testid="shipment-order">
                    {order}
                  </span>
                  <ShipmentStatusBadge status={shipment.status} className="shrink-0" />
                </div>
                <span className={cn('text-sm font-medium [overflow-wrap:anywhere]', !shipment.recipientName?.trim() && 'text-muted-foreground')} data-testid="shipment-recipient">
                  {recipientLabel(shipment)}
                </span>
                <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  <span data-testid="shipment-city">{shipment.city}</span> · <span data-testid="shipment-country">{shipment.countryCode}</span>
                </span>
              </div>
              <RowMenu shipment={shipment} actions={actions} onOpen={onOpen} />
            </div>
            <Problem shipment={shipment} />
            <LabelVoided shipment={shipment} />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted-foreground">{t.columns.tracking}</dt>
              <dd className="min-w-0">
                <Tracking shipment={shipment} />
              </dd>
              <dt className="text-muted-foreground">{t.columns.carrier}</dt>
              <dd className="min-w-0">
                <CarrierCell shipment={shipment} carriers={carriers} onOpen={onOpen} inline />
              </dd>
              <dt className="text-muted-foreground">{t.labelPrinted}</dt>
              <dd className="min-w-0" data-testid="shipment-label-printed" title={formatDateTime(shipment.labelPrintedAt)}>
                {shipment.labelPrintedAt ? formatRelative(shipment.labelPrintedAt) : uiText.notAvailable}
              </dd>
              <dt className="text-muted-foreground">{t.created}</dt>
              <dd className="min-w-0" data-testid="shipment-date" title={formatDateTime(shipment.createdAt)}>
                {formatRelative(shipment.createdAt)}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
