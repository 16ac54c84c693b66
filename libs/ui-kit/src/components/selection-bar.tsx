import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';
import { Button } from './button';
import { Checkbox } from './checkbox';

export interface SelectionBarProps {
  /** How many of the page's items are selected. */
  count: number;
  /** How many items the page shows ('Seleziona tutti' is off once all are). */
  pageCount: number;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  /** The list's own words: the count ('2 ordini selezionati') and the two buttons. */
  text: { count: (n: number) => string; selectAll: string; deselectAll: string };
  /** `orders` → `orders-selection-bar`, `-selection-count`, `orders-select-all`, `orders-deselect-all`. */
  testIdPrefix: string;
  /** The bulk actions of the list, after the two buttons. */
  children?: ReactNode;
}

/** The bulk selection bar above a list: how many are selected, select all (of the page), deselect all, and the list's bulk actions. */
export function SelectionBar({ count, pageCount, onSelectAll, onDeselectAll, text, testIdPrefix, children }: SelectionBarProps) {
  return (
    <div
      className={cn('flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm', count > 0 ? 'border-primary/40 bg-primary/5' : 'border-border bg-muted/30')}
      role="region"
      aria-label={uiText.selectionBar}
      data-testid={`${testIdPrefix}-selection-bar`}
    >
      <span className={count > 0 ? 'font-medium' : 'text-muted-foreground'} aria-live="polite" data-testid={`${testIdPrefix}-selection-count`}>
        {text.count(count)}
      </span>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="ghost" size="sm" onClick={onSelectAll} disabled={count >= pageCount} data-testid={`${testIdPrefix}-select-all`}>
          {text.selectAll}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDeselectAll} disabled={count === 0} data-testid={`${testIdPrefix}-deselect-all`}>
          {text.deselectAll}
        </Button>
        {children}
      </div>
    </div>
  );
}

/**
 * The checkbox that selects the whole page (a table's header): checked when every item is,
 * half-checked when some are.
 */
export function SelectPageCheckbox({ all, some, onToggle, label, testId }: { all: boolean; some: boolean; onToggle: () => void; label: string; testId: string }) {
  return <Checkbox checked={all ? true : some ? 'indeterminate' : false} onCheckedChange={onToggle} aria-label={label} data-testid={testId} />;
}
