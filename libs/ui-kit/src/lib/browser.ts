/** The two ways a screen hands a file to the browser: a download, or a new tab. */

/**
 * Saves a blob as a file (the browser's download) under `fileName`.
 *
 * @example saveBlob(pdf, 'etichetta-42.pdf')
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is freed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), SAVED_URL_LIFETIME_MS);
}

/** How long a saved blob's URL stays valid after the click. */
export const SAVED_URL_LIFETIME_MS = 60_000;

/**
 * Opens a same-site address in a new tab. False when the browser blocked the popup (then the
 * screen says so: 'Popup bloccato: Abilita i popup per questo sito'). `noopener` is not passed to
 * `window.open`, which would then always answer null and hide a blocked popup; the new tab's
 * `opener` is cut right after instead.
 */
export function openInNewTab(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // a cross-origin tab refuses the write; it cannot reach this page anyway
  }
  return true;
}
