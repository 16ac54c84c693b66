import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import type { ProductJson } from '@smista/contracts';
import { cn, errorMessageFrom, Input, SEARCH_DEBOUNCE_MS } from '@smista/ui-kit';
import { newOrderText as t } from './messages';
import { useProductChoices } from './new-order-api';
import { formatKg } from './new-order-form';

/**
 * A line's catalogue picker (issue 25): an ARIA combobox over the merchant's products
 * (`GET /api/products?search=`, after a pause in typing), each option with its SKU, title and
 * weight. Focus lists the first products; Down and Up move (wrapping), Enter or a click picks,
 * Escape closes, then clears. Picking hands the product to the row and empties the box.
 */
export function ProductPicker({ merchantId, line, disabled, onPick }: { merchantId: string; line: number; disabled: boolean; onPick: (product: ProductJson) => void }) {
  const ids = useId();
  const listboxId = `${ids}-listbox`;
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDebounced(typed.trim().slice(0, 100), SEARCH_DEBOUNCE_MS);
  const choices = useProductChoices(merchantId, search, open);
  const products = choices.data?.data ?? [];
  const settled = search === typed.trim().slice(0, 100) && !choices.isPlaceholderData;

  const keys = products.map((p) => p.id).join(' ');
  useEffect(() => setActive(-1), [keys]);
  const optionId = (p: ProductJson) => `${ids}-product-${p.id}`;
  const activeProduct = open && active >= 0 ? products[active] : undefined;

  const pick = (product: ProductJson) => {
    onPick(product);
    setTyped('');
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        const n = products.length;
        if (n === 0) return;
        if (event.key === 'ArrowDown') setActive((a) => (a < 0 || a >= n - 1 ? 0 : a + 1));
        else setActive((a) => (a <= 0 || a >= n ? n - 1 : a - 1));
        return;
      }
      case 'Enter': {
        // Enter picks; it never submits the order from the search box.
        event.preventDefault();
        const product = activeProduct ?? (settled && typed.trim() ? products[0] : undefined);
        if (product) pick(product);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (typed) {
          event.preventDefault();
          setTyped('');
        }
        return;
    }
  };

  let status: string | null = null;
  if (choices.isError) status = errorMessageFrom(choices.error) ?? t.picker.failed;
  else if (!choices.data || (!settled && products.length === 0)) status = t.picker.searching;
  else if (products.length === 0) status = t.picker.none(search);

  return (
    <div className="relative" data-testid="new-order-picker">
      <Search aria-hidden className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-muted-foreground" />
      <Input
        role="combobox"
        aria-label={t.picker.label(line)}
        aria-expanded={open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeProduct ? optionId(activeProduct) : undefined}
        className="pl-8"
        value={typed}
        maxLength={100}
        placeholder={t.picker.placeholder}
        disabled={disabled}
        autoComplete="off"
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="new-order-picker-input"
      />
      <div
        className={cn('absolute left-0 top-full z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg', !open && 'hidden')}
        data-testid="new-order-picker-popup"
      >
        <p role="status" className={cn('px-2 py-2 text-sm text-muted-foreground', status === null && 'sr-only', choices.isError && 'text-destructive')} data-testid="new-order-picker-status">
          {status ?? t.picker.count(choices.data?.meta.totalItems ?? 0)}
        </p>
        <div role="listbox" id={listboxId} aria-label={t.picker.results} aria-busy={!settled} className={cn(!settled && 'opacity-60')} data-testid="new-order-picker-listbox">
          {products.map((p, index) => (
            <div
              key={p.id}
              id={optionId(p)}
              role="option"
              aria-selected={index === active}
              className={cn('flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-2 text-sm', index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted')}
              // The box keeps the focus (and the list stays open) while the pointer picks.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => pick(p)}
              data-testid="new-order-picker-option"
              data-product-id={p.id}
            >
              <span className="shrink-0 font-mono text-xs">{p.sku}</span>
              <span className="min-w-0 flex-1 truncate">{p.title}</span>
              <span className={cn('shrink-0 tabular-nums', p.weightGrams === null && 'text-muted-foreground')}>{p.weightGrams === null ? t.picker.noWeight : formatKg(p.weightGrams)}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The value once it has stayed the same for `delayMs` (the first one at once). */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
