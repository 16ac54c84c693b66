import { apiRequest, responseError } from './api';
import { SAVED_URL_LIFETIME_MS } from './browser';

/** What {@link openPostedPdf} answers: the popup was blocked, or the PDF is shown with the answer's headers. */
export type PostedPdf = { popupBlocked: true } | { popupBlocked: false; headers: Headers };

/**
 * Opens the PDF a POST answers in a new tab (issue 25: the pick list and the packing slips take the
 * selected ids in the body, which a plain link cannot carry). The tab is opened at once, inside
 * the click, so the browser's popup blocker judges it as it judges `openInNewTab`
 * ('Popup bloccato: …' when it answers `popupBlocked`); the PDF is shown in it when it arrives. A
 * refusal closes the tab and rejects with the server's error (an {@link ApiError}).
 *
 * @example const opened = await openPostedPdf('/api/shipments/pick-list', { orderIds: [1, 2] });
 */
export async function openPostedPdf(path: string, body: unknown): Promise<PostedPdf> {
  const tab = window.open('', '_blank');
  if (!tab) return { popupBlocked: true };
  try {
    const res = await apiRequest(path, { method: 'POST', body });
    if (!res.ok) throw await responseError(res);
    const url = URL.createObjectURL(await res.blob());
    tab.location.href = url;
    // The tab has loaded the PDF by then; the address is freed as a saved file's is.
    setTimeout(() => URL.revokeObjectURL(url), SAVED_URL_LIFETIME_MS);
    return { popupBlocked: false, headers: res.headers };
  } catch (error) {
    tab.close();
    throw error;
  }
}

/** The ids a comma-separated header names (the orders printed without a label). */
export function idsOfHeader(value: string | null): number[] {
  return (value ?? '').split(',').map((v) => Number(v.trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
}
