import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button, cn, fieldAria, FormField, Input } from '@smista/ui-kit';
import { newOrderText as t } from './messages';
import { emptyItem, formatKg, pickedItem, withTypedSku, type ItemDraft, type NewOrderErrors } from './new-order-form';

/** What the catalogue picker at the start of a row gets: the row, and how to fill it from a product. */
export interface ItemPickerSlot {
  row: ItemDraft;
  index: number;
  pick(product: { id: number; sku: string; title: string; weightGrams: number | null }): void;
}

/**
 * The order's lines: added and removed, each with SKU (optional), title, quantity, unit price and
 * one unit's weight in kg, its Italian error under each field (`items.{n}.{field}`). One row per
 * line on a wide screen, a small card per line on a phone. `renderPicker` puts a catalogue picker
 * at the start of each row (a picked line shows the catalogue's weight, read only, when it has
 * one); without it the lines are typed, and work on their own.
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
  const field = (index: number, name: 'sku' | 'title' | 'quantity' | 'unitPrice' | 'weightKg') => `${idPrefix}-item-${index}-${name}`;
  return (
    <div className="grid gap-3" data-testid="new-order-items">
      {items.map((row, index) => {
        const error = (name: string) => errors[`items.${index}.${name}`];
        // Labels show on every card on a phone; on a wide screen the first row's name the columns.
        const labelClass = index > 0 ? 'sm:sr-only' : undefined;
        return (
          <fieldset
            key={row.key}
            className="grid gap-2 rounded-md border p-3 sm:grid-cols-[8rem_minmax(0,1fr)_5rem_9.5rem_8rem_auto] sm:items-start sm:rounded-none sm:border-0 sm:border-t sm:p-0 sm:pt-3 sm:first:border-t-0 sm:first:pt-0"
            aria-label={t.item.row(index + 1)}
            data-testid="new-order-item"
            data-product-id={row.productId ?? ''}
          >
            {renderPicker ? (
              <div className="grid gap-1 sm:col-span-6">
                {renderPicker({ row, index, pick: (p) => onChange(items.map((r, i) => (i === index ? pickedItem(r, p) : r))) })}
                {row.productId ? (
                  <p className="text-xs text-muted-foreground" data-testid="new-order-item-linked">
                    {t.picker.linked(row.sku)}
                  </p>
                ) : null}
              </div>
            ) : null}
            <FormField id={field(index, 'sku')} label={<span className={labelClass}>{`${t.item.sku} (${t.optional})`}</span>} error={error('sku')}>
              <Input id={field(index, 'sku')} value={row.sku} maxLength={100} disabled={disabled} onChange={(e) => onChange(items.map((r, i) => (i === index ? withTypedSku(r, e.target.value) : r)))} {...fieldAria(field(index, 'sku'), error('sku'))} data-testid="new-order-item-sku" />
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
            <FormField id={field(index, 'weightKg')} label={<span className={labelClass}>{t.item.weightKg}</span>} error={error('weightKg')}>
              {row.catalogueWeightGrams ? (
                // The catalogue's weight wins over a typed one: shown, not editable here.
                <Input id={field(index, 'weightKg')} value={formatKg(row.catalogueWeightGrams)} readOnly title={t.item.weightFromCatalogue} aria-description={t.item.weightFromCatalogue} className="bg-muted" data-testid="new-order-item-weight" data-from-catalogue="true" />
              ) : (
                <Input id={field(index, 'weightKg')} value={row.weightKg} inputMode="decimal" maxLength={12} placeholder={t.item.weightPlaceholder} disabled={disabled} onChange={(e) => set(index, { weightKg: e.target.value })} {...fieldAria(field(index, 'weightKg'), error('weightKg'))} data-testid="new-order-item-weight" />
              )}
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
