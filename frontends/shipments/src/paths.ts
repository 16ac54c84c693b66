/**
 * Where the shell mounts this remote and the paths its pages link to or download from. The shell
 * mounts the same module twice (app.tsx): at `/dashboard/shipments/*` (the sidebar's 'Spedizioni')
 * and at `/shipments/*` (spec §2 protected routes); both show the list.
 */
/** The list as the sidebar opens it. */
export const DASHBOARD_SHIPMENTS_PATH = '/dashboard/shipments';
/** The list's other address. */
export const SHIPMENTS_PATH = '/shipments';
/** 'Crea Prima Spedizione' (spec §2 empty state): shipments are created from the orders list. */
export const ORDERS_PATH = '/dashboard/orders';
/** 'Nuova' (issue 25): the orders remote's 'Nuovo ordine' form; the new order is shipped from its page. */
export const NEW_ORDER_PATH = '/dashboard/orders/new';
/** 'Collega un corriere' when the merchant has no active carrier. */
export const CARRIERS_PATH = '/carriers';

/** The mount a browser path is under. */
export function mountPathOf(pathname: string): string {
  return pathname === SHIPMENTS_PATH || pathname.startsWith(`${SHIPMENTS_PATH}/`) ? SHIPMENTS_PATH : DASHBOARD_SHIPMENTS_PATH;
}

const id = (value: number) => encodeURIComponent(String(value));

/** `/api/shipments/{id}`. */
export const shipmentApiPath = (shipmentId: number) => `/api/shipments/${id(shipmentId)}`;

/** `GET /api/shipments/{id}/label`: the label PDF, downloaded as `etichetta-<id>.pdf`. */
export const labelPath = (shipmentId: number) => `${shipmentApiPath(shipmentId)}/label`;

/** The file name of a downloaded label (the same as the server's Content-Disposition). */
export const labelFileName = (shipmentId: number) => `etichetta-${shipmentId}.pdf`;

/** `GET /api/shipments/manifests/{id}`: the GLS manifest PDF of a workday close. */
export const manifestPath = (manifestId: number) => `/api/shipments/manifests/${id(manifestId)}`;
