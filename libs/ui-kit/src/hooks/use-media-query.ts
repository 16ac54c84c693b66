import { useEffect, useState } from 'react';

/** Spec §9: mobile layout under 768 px. */
export const MOBILE_BREAKPOINT = 768;
/** Spec §9: the resize handler is debounced by 150 ms. */
export const RESIZE_DEBOUNCE_MS = 150;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether a CSS media query matches; re-evaluated on resize, debounced by 150 ms. */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matches(query));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setValue(matches(query)), RESIZE_DEBOUNCE_MS);
    };
    setValue(matches(query));
    window.addEventListener('resize', update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', update);
    };
  }, [query]);
  return value;
}

/** True under the 768 px mobile breakpoint. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
}
