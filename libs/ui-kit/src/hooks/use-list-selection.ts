import { useCallback, useState } from 'react';
import { toggleId } from '../lib/list-view';

const NONE: ReadonlySet<number> = new Set();

/** The selection as kept: the ids, and the list they were chosen in. */
export interface KeptSelection {
  list: string;
  ids: ReadonlySet<number>;
}

/**
 * The ids selected in the list shown now: what was chosen in it, or none when the list changed since
 * (spec §4: a change of page, size, tab or filter clears the selection).
 */
export function selectionIn(kept: KeptSelection, list: string): ReadonlySet<number> {
  return kept.list === list ? kept.ids : NONE;
}

/**
 * The selection of a paged list, kept for the list it was made in: `list` names what is shown (the
 * API path of the view), and a new one starts empty. `toggle` switches one id, `set` replaces them,
 * `clear` empties them.
 */
export function useListSelection(list: string) {
  const [kept, setKept] = useState<KeptSelection>({ list, ids: NONE });
  const selected = selectionIn(kept, list);
  const set = useCallback((ids: ReadonlySet<number>) => setKept({ list, ids }), [list]);
  const toggle = useCallback((id: number) => set(toggleId(selected, id)), [set, selected]);
  const clear = useCallback(() => set(NONE), [set]);
  return { selected, set, toggle, clear };
}
