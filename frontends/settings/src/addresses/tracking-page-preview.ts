/** The gateway's preview of the buyers' tracking page (issue 26): a session route, same origin. */
export const TRACKING_PREVIEW_PATH = '/api/tracking-page/preview';

/**
 * The preview's address; the logo's last change in it so a new logo loads a new preview (the
 * answer is never cached, but an iframe keeps its document until its `src` changes).
 */
export function trackingPreviewSrc(logoUpdatedAt: string | null): string {
  return logoUpdatedAt ? `${TRACKING_PREVIEW_PATH}?logo=${encodeURIComponent(logoUpdatedAt)}` : TRACKING_PREVIEW_PATH;
}
