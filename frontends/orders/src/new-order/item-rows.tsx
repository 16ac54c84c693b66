import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button, cn, fieldAria, FormField, Input } from '@smista/ui-kit';
import { newOrderText as t } from './messages';
import { emptyItem, type ItemDraft, type NewOrderErrors } from './new-order-form';

/**
 * What a catalogue picker plugged into a row gets (the lead wires `GET /api/products` here after
 * the catalogue is merged): the row, and how to fill it from a product.
 */
export interface ItemPickerSlot {
  row: ItemDraft;
  index: number;
  pick(product: { productId: number; sku: string; title: string; unitPrice?: string }): void;
}

/**
 * The order's lines: added and removed, each with SKU (optional), title, quantity and unit price,
 * its Italian error under each field (`items.{n}.{field}`). One row per line on a wide screen, a
 * small card per line on a phone. `renderPicker` puts a catalogue picker at the start of each row;
 * without it the lines are typed, and work on their own.
 */
export function ItemRows({
  items,
  errors,
  disabled,
  onChange,
  idPrefix,
  renderPicker,
}: {
  items: ItemDraft[];
  errors: NewOrderErrors;
  disabled: boolean;
  onChange: (items: ItemDraft[]) => void;
  idPrefix: string;
  renderPicker?: (slot: ItemPickerSlot) => ReactNode;
}) {
  const set = (index: number, patch: Partial<ItemDraft>) => onChange(items.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const field = (index: number, name: 'sku' | 'title' | 'quantity' | 'unitPrice') => `${idPrefix}-item-${index}-${name}`;
  return (
    <div className="grid gap-3" data-testid="new-order-items">
      {items.map((row, index) => {
        const error = (name: string) => errors[`items.${index}.${name}`];
        // Labels show on every card on a phone; on a wide screen the first row's name the columns.
        const labelClass = index > 0 ? 'sm:sr-only' : undefined;
        return (
          <fieldset
            key={row.key}
            className="grid gap-2 rounded-md border p-3 sm:grid-cols-[8rem_minmax(0,1fr)_6rem_9rem_auto] sm:items-start sm:border-0 sm:p-0"
            aria-label={t.item.row(index + 1)}
            data-testid="new-order-item"
          >
            {renderPicker ? <div className="sm:col-span-5">{renderPicker({ row, index, pick: (p) => set(index, { productId: p.productId, sku: p.sku, title: p.title, ...(p.unitPrice ? { unitPrice: p.unitPrice } : {}) }) })}</div> : null}
            <FormField id={field(index, 'sku')} label={<span className={labelClass}>{`${t.item.sku} (${t.optional})`}</span>} error={error('sku')}>
              <Input id={field(index, 'sku')} value={row.sku} maxLength={100} disabled={disabled} onChange={(e) => set(index, { sku: e.target.value })} {...fieldAria(field(index, 'sku'), error('sku'))} data-testid="new-order-item-sku" />
            </FormField>
            <FormField id={field(index, 'title')} label={<span className={labelClass}>{t.item.title}</span>} error={error('title')}>
              <Input id={field(index, 'title')} value={row.title} maxLength={200} placeholder={t.item.titlePlaceholder} disabled={disabled} onChange={(e) => set(index, { title: e.target.value })} {...fieldAria(field(index, 'title'), error('title'))} data-testid="new-order-item-title" />
            </FormField>
            <FormField id={field(index, 'quantity')} label={<span className={labelClass}>{t.item.quantity}</span>} error={error('quantity')}>
              <Input id={field(index, 'quantity')} value={row.quantity} inputMode="numeric" maxLength={6} disabled={disabled} onChange={(e) => set(index, { quantity: e.target.value })} {...fieldAria(field(index, 'quantity'), error('quantity'))} data-testid="new-order-item-quantity" />
            </FormField>
            <FormField id={field(index, 'unitPrice')} label={<span className={labelClass}>{t.item.unitPrice}</span>} error={error('unitPrice')}>
              <Input id={field(index, 'unitPrice')} value={row.unitPrice} inputMode="decimal" maxLength={20} placeholder={t.item.unitPricePlaceholder} disabled={disabled} onChange={(e) => set(index, { unitPrice: e.target.value })} {...fieldAria(field(index, 'unitPrice'), error('unitPrice'))} data-testid="new-order-item-price" />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className={cn('justify-self-end', index === 0 ? 'sm:mt-7' : undefined)}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
              disabled={disabled || items.length === 1}
              aria-label={t.item.remove(index + 1)}
              title={t.item.remove(index + 1)}
              data-testid="new-order-item-remove"
            >
              <Trash2 aria-hidden />
            </Button>
          </fieldset>
        );
      })}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...items, emptyItem()])} disabled={disabled} data-testid="new-order-add-item">
        <Plus aria-hidden />
        {t.addItem}
      </Button>
    </div>
  );
}
