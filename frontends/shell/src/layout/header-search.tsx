import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ArrowRight, Loader2, Package, Search, Truck, X } from 'lucide-react';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogTitle,
  formatDate,
  Input,
  providerName,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  ShipmentStatusBadge,
  useIsMobile,
} from '@smista/ui-kit';
import {
  groupAnswerOf,
  moveActive,
  searchOptions,
  searchOutcome,
  searchTermOf,
  useDebounced,
  useHeaderSearch,
  type MoveKey,
  type SearchOption,
  type SearchOutcome,
} from '../lib/header-search';
import { useSelectedMerchant } from '../lib/session';
import { t } from '../messages';

const s = t.search;

/** From 768 px: the box in the header, its results in a dropdown under it. */
export function HeaderSearchBox() {
  return (
    <div className="relative hidden max-w-md flex-1 md:block" data-testid="header-search">
      <SearchCombobox variant="dropdown" />
    </div>
  );
}

/**
 * Under 768 px: a button in the header that opens the search as a sheet from the top, the whole
 * width, its results below the box. Escape, 'Annulla' or a chosen result close it.
 */
export function HeaderSearchButton() {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button variant="ghost" size="icon" className="md:hidden" aria-label={s.open} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="header-search-open">
        <Search aria-hidden />
      </Button>
      <Dialog open={isMobile && open} onOpenChange={setOpen}>
        <DialogContent side="top" hideClose aria-describedby={undefined} className="gap-0 p-3" data-testid="header-search-sheet">
          <DialogTitle className="sr-only">{s.sheetTitle}</DialogTitle>
          <SearchCombobox variant="sheet" onClose={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The search itself (ARIA combobox with a listbox): the text is asked after a pause in typing, the
 * results grouped 'Ordini' / 'Spedizioni'. Down and Up move through them (wrapping), Enter opens the
 * active one (or the first, when none is active and the results are the text's own), Escape closes
 * the dropdown (then clears the text; in the sheet it closes the sheet). A chosen order opens its
 * page, a shipment the shipments screen with its details.
 */
function SearchCombobox({ variant, onClose }: { variant: 'dropdown' | 'sheet'; onClose?: () => void }) {
  const merchant = useSelectedMerchant();
  const navigate = useNavigate();
  const ids = useId();
  const listboxId = `${ids}-listbox`;
  const statusId = `${ids}-status`;
  const optionId = (option: SearchOption) => `${ids}-${option.key}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(variant === 'sheet');
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);

  const term = searchTermOf(typed);
  const asked = useDebounced(term, SEARCH_DEBOUNCE_MS);
  const { orders, shipments } = useHeaderSearch(merchant?.id, asked);
  const options = asked === null ? { orders: [], shipments: [] } : searchOptions(asked, orders.data, shipments.data);
  const flat = [...options.orders, ...options.shipments];
  const outcome: SearchOutcome = asked === null ? { kind: 'loading' } : searchOutcome(groupAnswerOf(orders), groupAnswerOf(shipments));
  const current = term !== null && term === asked && !orders.isPlaceholderData && !shipments.isPlaceholderData;
  const busy = term !== null && (!current || orders.isFetching || shipments.isFetching);

  const expanded = typed.trim() !== '' && (variant === 'sheet' || (focused && !dismissed));
  const listed = expanded && outcome.kind === 'results';

  // New results: nothing active until the keyboard moves.
  const optionKeys = flat.map((o) => o.key).join(' ');
  useEffect(() => setActive(-1), [optionKeys]);
  const activeId = listed && active >= 0 && flat[active] ? optionId(flat[active]) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const choose = (option: SearchOption) => {
    setTyped('');
    setActive(-1);
    setDismissed(true);
    if (variant === 'dropdown') inputRef.current?.blur();
    onClose?.();
    navigate(option.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          setDismissed(false);
          return;
        }
        setActive((a) => moveActive(a, listed ? flat.length : 0, event.key as MoveKey));
        return;
      case 'Enter': {
        event.preventDefault();
        const option = listed ? (active >= 0 ? flat[active] : current ? flat[0] : undefined) : undefined;
        if (option) choose(option);
        return;
      }
      case 'Escape':
        // In the sheet, Escape is the sheet's: it closes it.
        if (variant === 'sheet') return;
        event.preventDefault();
        if (expanded) {
          setDismissed(true);
          setActive(-1);
        } else setTyped('');
        return;
    }
  };

  let statusLine: ReactNode = null;
  if (typed.trim() === '') statusLine = variant === 'sheet' ? s.hint : null;
  else if (term === null) statusLine = s.tooShort;
  else if (outcome.kind === 'loading') statusLine = s.searching;
  else if (outcome.kind === 'empty') statusLine = s.noResults(asked ?? term);
  else if (outcome.kind === 'failed') statusLine = outcome.message ?? s.failed;
  const resultsCount = outcome.kind === 'results' ? s.count(orders.data?.meta.totalItems ?? 0, shipments.data?.meta.totalItems ?? 0) : '';

  const popup = (
    <div
      className={cn(
        variant === 'dropdown'
          ? 'absolute left-0 top-full z-50 mt-1 max-h-[min(32rem,75vh)] w-full min-w-[24rem] overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg'
          : 'mt-3 grid gap-1',
        !expanded && 'hidden',
      )}
      data-testid="header-search-popup"
    >
      <p
        id={statusId}
        role="status"
        className={cn('px-2 py-2 text-sm', outcome.kind === 'failed' && term !== null ? 'text-destructive' : 'text-muted-foreground', (statusLine === null || listed) && 'sr-only')}
        data-testid="header-search-status"
        data-outcome={term === null ? 'short' : outcome.kind}
      >
        {listed ? resultsCount : statusLine}
      </p>
      <div role="listbox" id={listboxId} aria-label={s.results} className={cn(!listed && 'hidden', current ? '' : 'opacity-60 transition-opacity')} aria-busy={busy}>
        <Group id={`${ids}-orders`} title={s.orders} failed={orders.isError ? s.ordersFailed : null} options={options.orders} render={renderOption} testId="header-search-orders" />
        <Group id={`${ids}-shipments`} title={s.shipments} failed={shipments.isError ? s.shipmentsFailed : null} options={options.shipments} render={renderOption} testId="header-search-shipments" />
      </div>
    </div>
  );

  function renderOption(option: SearchOption) {
    const index = flat.indexOf(option);
    return (
      <div
        key={option.key}
        id={optionId(option)}
        role="option"
        aria-selected={index === active}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 text-sm outline-none',
          index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
        )}
        // The box keeps the focus (and the dropdown stays open) while the pointer chooses.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => index !== active && setActive(index)}
        onClick={() => choose(option)}
        data-testid={`header-search-${option.kind === 'all' ? `${option.group}-all` : option.kind}`}
        data-path={option.path}
      >
        <OptionBody option={option} />
      </div>
    );
  }

  return (
    <div
      ref={boxRef}
      className="relative"
      onBlur={(e) => {
        if (variant === 'dropdown' && !boxRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <form role="search" aria-label={s.label} onSubmit={(e) => e.preventDefault()} className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            ref={inputRef}
            type="text"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            autoFocus={variant === 'sheet'}
            role="combobox"
            aria-label={s.label}
            aria-expanded={listed}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-describedby={statusId}
            placeholder={t.layout.searchPlaceholder}
            maxLength={SEARCH_MAX_LENGTH}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setDismissed(false);
            }}
            onFocus={() => {
              setFocused(true);
              setDismissed(false);
            }}
            onKeyDown={onKeyDown}
            className={cn('pl-8', typed ? 'pr-8' : '')}
            data-testid="header-search-input"
          />
          {busy ? (
            <Loader2 className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden data-testid="header-search-busy" />
          ) : typed ? (
            <button
              type="button"
              className="absolute right-1.5 top-1/2 -translate-y-1/2 cursor-pointer rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={s.clear}
              onClick={() => {
                setTyped('');
                inputRef.current?.focus();
              }}
              data-testid="header-search-clear"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          ) : null}
        </div>
        {variant === 'sheet' ? (
          <Button type="button" variant="ghost" size="sm" onClick={onClose} data-testid="header-search-close">
            {t.common.cancel}
          </Button>
        ) : null}
      </form>
      {popup}
    </div>
  );
}

/** A group of the listbox ('Ordini', 'Spedizioni'), or the line saying it could not be searched; nothing when it found nothing. */
function Group({ id, title, failed, options, render, testId }: { id: string; title: string; failed: string | null; options: SearchOption[]; render: (o: SearchOption) => ReactNode; testId: string }) {
  if (options.length === 0 && !failed) return null;
  return (
    <div role="group" aria-labelledby={id} className="py-1" data-testid={testId}>
      <div id={id} role="presentation" className="px-2 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </div>
      {failed ? (
        <div role="presentation" className="px-2 py-1.5 text-sm text-destructive" data-testid={`${testId}-failed`}>
          {failed}
        </div>
      ) : (
        options.map(render)
      )}
    </div>
  );
}

function OptionBody({ option }: { option: SearchOption }) {
  if (option.kind === 'all') {
    return (
      <span className="flex w-full items-center justify-between gap-2 font-medium text-primary">
        {option.group === 'orders' ? s.allOrders(option.total) : s.allShipments(option.total)}
        <ArrowRight className="h-4 w-4 shrink-0" aria-hidden />
      </span>
    );
  }
  if (option.kind === 'order') {
    const o = option.order;
    const details = [o.buyerName?.trim() || s.noName, providerName(o.marketplace), formatDate(o.orderDate)].filter(Boolean).join(' · ');
    return (
      <>
        <Package className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="grid min-w-0 flex-1">
          <span className="truncate font-mono font-medium">{o.externalId}</span>
          <span className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">{details}</span>
        </span>
      </>
    );
  }
  const sh = option.shipment;
  const details = [sh.recipientName?.trim() || s.noName, s.order(`#${sh.orderExternalId || sh.orderId}`), providerName(sh.carrierProvider)].filter(Boolean).join(' · ');
  return (
    <>
      <Truck className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="grid min-w-0 flex-1">
        <span className={cn('truncate font-mono font-medium', !sh.trackingNumber && 'font-sans font-normal italic text-muted-foreground')}>{sh.trackingNumber || s.noTracking}</span>
        <span className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">{details}</span>
      </span>
      <ShipmentStatusBadge status={sh.status} testId="header-search-shipment-status" className="shrink-0" />
    </>
  );
}
