import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitleFor } from '../lib/page-titles';

/** Keeps the browser tab's title on the current route's ('Ordini · Smista'); renders nothing. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
  return null;
}
