import { cn } from '../lib/cn';
import { formatCount } from '../lib/format';

/**
 * The look of a tab button of the lists' tab rows (the status tabs, the orders' integration tabs):
 * the selected one raised on the muted row.
 */
export const tabButtonClass = (selected: boolean) =>
  cn(
    'inline-flex cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    selected ? 'bg-background text-foreground shadow' : 'text-muted-foreground hover:text-foreground',
  );

/** One status tab. */
export interface StatusTab<Key extends string> {
  key: Key;
  label: string;
  /** The number of items with that status (same filters); no count shows while it is unknown. */
  count?: number;
  /** A count above zero is something to look at (errors): it shows in red. */
  alert?: boolean;
}

export interface StatusTabsProps<Key extends string> {
  tabs: readonly StatusTab<Key>[];
  /** The selected tab; null when the status in force has no tab. */
  selected: Key | null;
  onSelect: (key: Key) => void;
  /** The row's accessible name ('Stato degli ordini'). */
  label: string;
  testId: string;
}

/**
 * The status tabs of a list, each with its count. Each button is `status-tab` with its key in
 * `data-status`, its count `status-tab-count`. Two columns on a phone (an odd first tab across
 * both); beside each other from 640 px, wrapping onto a second line when the content column is
 * narrow (a tablet beside the sidebar) rather than hiding a tab off the edge.
 */
export function StatusTabs<Key extends string>({ tabs, selected, onSelect, label, testId }: StatusTabsProps<Key>) {
  const odd = tabs.length % 2 === 1;
  return (
    <div>
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:max-w-full sm:flex-wrap" data-testid={testId}>
        {tabs.map(({ key, label: tabLabel, count, alert }, index) => {
          const isSelected = selected === key;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={isSelected}
              className={cn(tabButtonClass(isSelected), odd && index === 0 && 'col-span-2 sm:col-span-1')}
              onClick={() => onSelect(key)}
              data-testid="status-tab"
              data-status={key}
            >
              {tabLabel}
              {count !== undefined ? (
                <span
                  className={cn('rounded-full px-1.5 text-xs tabular-nums', alert && count > 0 ? 'bg-red-100 text-red-800' : 'bg-muted-foreground/10')}
                  data-testid="status-tab-count"
                >
                  {formatCount(count)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
