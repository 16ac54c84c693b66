/**
 * The JSON the gateway answers on `/api` (spec §7), one type per shape. The gateway's presenters
 * build them and the frontends read them, so both sides name the same fields; a frontend never
 * writes a response shape of its own.
 *
 * Types only (no runtime code): importing this file costs the bundles nothing.
 *
 * @example
 * // a remote's feature API
 * const members = await apiFetch<MemberJson[]>(`/api/merchants/${merchantId}/users`);
 */
import type { Role } from './schemas';
import type { MarketplaceId } from './marketplace-catalogue';
import type { CarrierCode, CredentialKind, IntegrationStatus, TrackingCodeStatus } from './carriers';

/** The user as the browser sees it (`GET /api/user`, login, register; spec §3 users, without the password). */
export interface UserJson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** A data URL of the image, or null. */
  avatar: string | null;
  createdAt: string;
}

/** An item of `GET /api/merchants` (spec §7: `{id, name, role}`): the caller's role in that merchant. */
export interface MerchantJson {
  id: string;
  name: string;
  role: Role;
}

/** `POST /api/merchants` (201): the new merchant, the creator as admin. */
export interface CreatedMerchantJson extends MerchantJson {
  createdAt: string;
}

/** A team member (`GET /api/merchants/{merchantId}/users`): `id` is the user's id. */
export interface MemberJson {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  joinedAt: string;
}

/** `PATCH /api/merchants/{merchantId}/users/{userId}`: the member's new role. */
export interface MemberRoleJson {
  /** The user's id. */
  id: string;
  merchantId: string;
  role: Role;
}

/** A pending invite (`GET /api/merchants/{merchantId}/invites`); the token is never answered. */
export interface InviteJson {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  inviterEmail: string | null;
}

/** `POST /api/merchants/{merchantId}/invites` (201): the invite just sent. */
export type CreatedInviteJson = Pick<InviteJson, 'id' | 'email' | 'role' | 'createdAt' | 'expiresAt'>;

/** What an invite link offers (`GET /api/invites/{token}`, public). */
export interface InviteDetailsJson {
  email: string;
  role: Role;
  merchant: { id: string; name: string };
  inviterEmail: string;
  inviterName: string | null;
  expiresAt: string;
}

/** A merchant address (spec §3) as `/api/merchant-addresses` answers it: unset optionals are null. */
export interface AddressJson {
  id: string;
  merchantId: string;
  /** Address types as stored; a client keeps those it knows (`addressTypes` in addresses.ts). */
  addressTypes: string[];
  isDefault: boolean;
  companyName: string | null;
  contactPerson: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  email: string | null;
  vatNumber: string | null;
  taxCode: string | null;
  pickupHours: string | null;
  notes: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

// --- Wrappers -----------------------------------------------------------------------------------

/** A change that answers nothing else: DELETE of a member, an invite or an address. */
export interface SuccessJson {
  success: true;
}

/** `PUT /api/user/profile` and `PUT /api/user/avatar`: the user as it is now. */
export interface UserUpdatedJson extends SuccessJson {
  user: UserJson;
}

/** `PUT /api/user/password`: the user and 'Password aggiornata' (the user's other sessions are ended). */
export interface PasswordChangedJson extends UserUpdatedJson {
  message: string;
}

/** `POST /api/merchants/set-current`, `/select` and `POST /api/invites/{token}/accept`: the merchant entered. */
export interface MerchantSelectedJson extends SuccessJson {
  merchant: MerchantJson;
}

/** `POST /api/logout`. */
export interface LoggedOutJson extends SuccessJson {
  message: string;
}

/** `POST /api/check-email`. */
export interface CheckEmailJson {
  exists: boolean;
}

/** `POST /api/request-password-reset` and `POST /api/reset-password`: the Italian text to show. */
export interface MessageJson {
  message: string;
}

/** `GET /api/verify-reset-token/{token}` when the link is valid. */
export interface ResetTokenValidJson {
  valid: true;
}

/** One refused field of a 400: its path (`"email"`, `"addressTypes.0"`) and the Italian message. */
export interface FieldErrorJson {
  path: string;
  message: string;
}

/** Every non-ok answer: the Italian message to show, and for a refused body the field errors. */
export interface ErrorJson {
  message: string;
  errors?: FieldErrorJson[];
}

/** `GET /api/public-config` (public): what the browser may know of the gateway's configuration. */
export interface PublicConfigJson {
  /** The 'Termini e Condizioni' page, or null when none is configured. */
  termsUrl: string | null;
  /** The 'Privacy Policy' page, or null when none is configured. */
  privacyUrl: string | null;
  telemetry: {
    /** Browser tracing on: the shell loads its telemetry chunk and sends spans to /api/telemetry/traces. */
    traces: boolean;
  };
}

/** A carrier of the catalogue (`GET /api/carriers`, spec §7: id, name, code, logoUrl, description). */
export interface CarrierJson {
  id: number;
  name: string;
  code: CarrierCode;
  /** Served by the gateway (`/assets/carriers/<code>.svg`). */
  logoUrl: string;
  description: string;
  /** Which credentials its form asks for. */
  credentialKind: CredentialKind;
  /** The Poste letter services keep a tracking-code pool (spec §9). */
  usesCodePool: boolean;
}

/**
 * The credentials of a carrier integration as answered: plain fields as stored, secrets only as
 * whether one is stored (`hasPasswordCliente`); a secret never leaves the carriers service.
 */
export interface CarrierCredentialsJson {
  siglaSede: string | null;
  codiceCliente: string | null;
  codiceContratto: string | null;
  emailFiliale: string | null;
  usernameRitiri: string | null;
  username: string | null;
  customerCode: string | null;
  serviceType: string | null;
  hasPasswordCliente: boolean;
  hasPasswordRitiri: boolean;
  hasPassword: boolean;
}

/** A carrier integration of the selected merchant (spec §3 carrier_integrations). */
export interface CarrierIntegrationJson {
  id: number;
  merchantId: string;
  carrierId: number;
  /** The carrier code (`gls`, `posta_1`, ...). */
  provider: CarrierCode;
  carrierName: string;
  logoUrl: string;
  connectionName: string;
  /** pending (In configurazione) until the carrier accepts the credentials, then active. */
  status: IntegrationStatus;
  /** The carrier's refusal of the last credential check, in Italian; null when none. */
  statusMessage: string | null;
  /** Toggled by the merchant (Attiva / Disattivata). */
  active: boolean;
  connectedAt: string | null;
  lastSync: string | null;
  createdAt: string;
  updatedAt: string;
  credentials: CarrierCredentialsJson;
}

/** `GET .../tracking-codes/stats` (spec §3: available, used, total). */
export interface TrackingCodeStatsJson {
  available: number;
  used: number;
  reserved: number;
  total: number;
  /** Fewer than 10 available: 'Scorte in esaurimento'. */
  lowStock: boolean;
}

/** One code of a pool (spec §3 tracking_codes_pool). */
export interface TrackingCodeJson {
  id: number;
  trackingCode: string;
  status: TrackingCodeStatus;
  assignedToOrderId: string | null;
  usedAt: string | null;
  createdAt: string;
}

/** List meta (spec §3 client-side). */
export interface PageMetaJson {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** `GET .../tracking-codes?status&page&pageSize`. */
export interface TrackingCodePageJson {
  data: TrackingCodeJson[];
  meta: PageMetaJson;
}

/** `POST .../tracking-codes`: `{message: 'Aggiunti 25 codici', added: 25}`. */
export interface TrackingCodesAddedJson {
  message: string;
  added: number;
}


/** A marketplace of the catalogue (`GET /api/marketplaces`, spec §3 marketplaces). */
export interface MarketplaceJson {
  id: number;
  name: string;
  identifier: MarketplaceId;
  description: string;
  logoUrl: string;
  active: boolean;
  /** The authorization page; null when the marketplace connects from its requiredSettings instead. */
  oauthUrl: string | null;
  apiDocUrl: string | null;
  /** Setting names the connect dialog asks for (names containing key or secret are masked). */
  requiredSettings: string[];
  maxOrdersLimit: number;
  /** An adapter exists and connecting works; false for the marketplaces still to come. */
  supported: boolean;
}

/** `GET /api/marketplace/ebay/oauth-params` (spec §7). */
export interface OAuthParamsJson {
  clientId: string;
  /** eBay: the RuName, sent as redirect_uri. */
  redirectUri: string;
  authorizeUrl: string;
  scopes: string[];
  /**
   * The consent's `state` (`ebay.<nonce>`), to send as is: issued to this user in this merchant for
   * this marketplace, valid 15 minutes, used once by the callback.
   */
  state: string;
}

/** `POST /api/merchants/current/oauth/callback`. */
export interface OAuthCallbackJson {
  success: boolean;
  message: string;
  redirectToDashboard: boolean;
  integration: MarketplaceIntegrationJson;
}

export type SyncJobStatus = 'pending' | 'running' | 'completed' | 'failed';

/** An order-sync job (spec §3 jobs). */
export interface SyncJobJson {
  id: number;
  merchantId: string;
  integrationId: number;
  provider: string;
  type: 'orders_sync';
  executionMode: 'background';
  triggeredBy: 'user' | 'schedule' | 'auto';
  status: SyncJobStatus;
  startedAt: string | null;
  completedAt: string | null;
  ordersFound: number;
  ordersSynced: number;
  /** Italian; null unless failed. */
  errorMessage: string | null;
  createdAt: string;
}

/** `POST /api/orders/sync/{integrationId}`: the started (or joined) job. */
export interface SyncStartedJson {
  message: string;
  /** True when a sync of this integration was already running and this request joined it. */
  joined: boolean;
  job: SyncJobJson;
}

export type MarketplaceIntegrationStatus = 'pending' | 'active' | 'error' | 'inactive';

/**
 * A marketplace integration (spec §3 integrations). Tokens only masked: `accessToken` and
 * `refreshToken` as the detail page shows them (8 + 6 dots + 8), `refreshTokenPreview` as the list
 * (10 + dots + 4).
 */
export interface MarketplaceIntegrationJson {
  id: number;
  merchantId: string;
  type: 'marketplace';
  provider: MarketplaceId;
  marketplaceName: string;
  logoUrl: string;
  status: MarketplaceIntegrationStatus;
  statusMessage: string | null;
  active: boolean;
  connectedAt: string | null;
  createdAt: string;
  updatedAt: string;
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenPreview: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  /** Provider config without secrets, JSON text (shown formatted on the detail page). */
  config: string;
  autoUpdateTracking: boolean;
  userId: string | null;
  username: string | null;
  email: string | null;
  accountType: string | null;
  /** Italian: the refresh token expires within 30 days or was refused; null when none. */
  tokenWarning: string | null;
  lastSyncedAt: string | null;
  currentJob: SyncJobJson | null;
  lastJob: SyncJobJson | null;
}

/**
 * Order statuses as stored (spec §4; filter values TO_SHIP... map onto them). `da_pagare` (TO_PAY)
 * is an order to ship whose payment is in_attesa or fallito, held back until it is paid (issue 19).
 */
export type OrderStatus = 'da_pagare' | 'da_spedire' | 'in_transito' | 'spedito' | 'consegnato' | 'annullato';
export type PaymentStatus = 'in_attesa' | 'pagato' | 'fallito' | 'rimborsato' | 'parzialmente_rimborsato';

/** Spec §3 shipping address details of an order. */
export interface ShippingAddressDetailsJson {
  id: number;
  fullName: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  stateOrProvince: string | null;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  email: string | null;
}

/** Spec §3 order_items. */
export interface OrderItemJson {
  id: number;
  orderId: number;
  externalItemId: string;
  title: string;
  productName: string;
  sku: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
  currency: string;
  imageUrl: string | null;
  variantInfo: string | null;
  shipByDate: string | null;
  /** The line's fulfilment at the marketplace, in Smista's words (`LineFulfilmentStatus`: da_spedire, parzialmente_spedito, spedito); null when unknown. */
  fulfillmentStatus: string | null;
}

/** Spec §3 orders (list and detail; `originalData` only in the detail). */
export interface OrderJson {
  id: number;
  merchantId: string;
  integrationId: number;
  externalId: string;
  marketplace: MarketplaceId;
  buyerName: string;
  buyerEmail: string | null;
  externalUsername: string | null;
  shippingAddressId: number | null;
  total: string;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  externalOrderStatus: string | null;
  externalPaymentStatus: string | null;
  itemsCount: number;
  orderDate: string;
  createdAt: string;
  updatedAt: string;
  shipByDate: string | null;
  lastSyncedAt: string | null;
  carrierIntegrationId: number | null;
  shippingAddressDetails: ShippingAddressDetailsJson | null;
  /** The shipping rule that chose the carrier; null when none did (no carrier, or chosen by hand). */
  appliedRule: AppliedRuleJson | null;
  /** How the carrier was chosen: by hand (rules never change it), by a rule, or none yet. */
  carrierSource: 'manual' | 'rule' | null;
  /** The marketplace's shipping service (eBay shippingServiceCode), '' when unknown; express decides `is_express` rules. */
  shippingService: string;
  isExpress: boolean;
  /** Sum of the items' weights in kg; null when the marketplace gives none for some item. */
  weightKg: number | null;
  items: OrderItemJson[];
  /** The order's shipments as orders knows them from the shipments events (newest first). */
  shipments: OrderShipmentJson[];
  originalData?: unknown;
}

/** Per-status counts of the tabs (same filters, every status). */
export interface OrderStatusCountsJson {
  /** The sum of the others: every order has exactly one status. */
  all: number;
  TO_PAY: number;
  TO_SHIP: number;
  IN_TRANSIT: number;
  SHIPPED: number;
  DELIVERED: number;
  CANCELLED: number;
}

/** `GET /api/orders` and `GET /api/orders/integration/{id}`. */
export interface OrderPageJson {
  data: OrderJson[];
  meta: PageMetaJson & { statusCounts: OrderStatusCountsJson };
}

/** A shipment of an order, in the orders list (`OrderJson.shipments`). */
export interface OrderShipmentJson {
  id: number;
  status: string;
  trackingNumber: string | null;
  carrierProvider: string | null;
  carrierIntegrationId: number | null;
  hasLabel: boolean;
  updatedAt: string;
}

/** `POST /api/orders/{id}/update-tracking`. */
export interface OrderTrackingUpdateJson {
  success: boolean;
  message: string;
  alreadyPushed: boolean;
}

/** A shipment (spec §3 shipments) as every shipments route answers it. Times are ISO-8601 or null. */
export interface ShipmentJson {
  id: number;
  orderId: number;
  merchantId: string;
  carrierIntegrationId: number | null;
  carrierProvider: string | null;
  shippingAddressId: number | null;
  recipientName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  recipientEmail: string | null;
  trackingNumber: string | null;
  carrierShipmentNumber: string | null;
  status: string;
  /** The label's address (`/api/shipments/{id}/label`) when there is one; the PDF itself is never in a list. */
  labelData: string | null;
  hasLabel: boolean;
  errorMessage: string | null;
  errorCode: string | null;
  retryCount: number;
  lastAttemptAt: string | null;
  shippedAt: string | null;
  estimatedDeliveryDate: string | null;
  deliveredAt: string | null;
  labelPrintedAt: string | null;
  /**
   * Voided in Smista only because the carrier cannot cancel it: why. Its label must not be used
   * (no `labelData`, printing refused). null otherwise.
   */
  labelVoidReason: string | null;
  createdAt: string;
  updatedAt: string;
  closeWorkdayStatus: string | null;
  closeWorkdayMessage: string | null;
  closeWorkdayAt: string | null;
  /** The GLS manifest of the close (`/api/shipments/manifests/{id}`), when there is one. */
  manifestId: number | null;
  marketplaceTrackingStatus: string | null;
  marketplaceTrackingError: string | null;
  marketplaceTrackingAttempts: number;
  marketplaceTrackingLastAttempt: string | null;
  marketplaceTrackingUpdatedAt: string | null;
  orderExternalId: string;
  marketplace: string;
  marketplaceIntegrationId: number | null;
  trackingStatus: string | null;
  trackingDescription: string | null;
  trackingUpdatedAt: string | null;
  /** The carrier's public tracking page, when it has one. */
  trackingUrl: string | null;
  /** Why the shipment is in the Errori tab; null otherwise. */
  problem: string | null;
}

/** Per-tab counts of the shipments screen (same search and carrier). */
export interface ShipmentStatusCountsJson {
  all: number;
  pending: number;
  processing: number;
  shipped: number;
  delivered: number;
  error: number;
  cancelled: number;
  da_stampare: number;
}

/** `GET /api/shipments`. */
export interface ShipmentPageJson {
  data: ShipmentJson[];
  meta: PageMetaJson & { statusCounts: ShipmentStatusCountsJson };
}

/** One carrier or marketplace call made for a shipment (never credentials). */
export interface ShipmentAuditJson {
  id: number;
  operation: string;
  target: string;
  startedAt: string;
  durationMs: number | null;
  outcome: string;
  message: string | null;
  attempt: number;
}

/** `GET /api/shipments/{id}`. */
export interface ShipmentDetailsJson extends ShipmentJson {
  audit: ShipmentAuditJson[];
}

/** `POST /api/shipments/bulk-create`. */
export interface BulkCreateJson {
  message: string;
  created: number;
  skipped: number;
  outcomes: { orderId: number; shipmentId: number | null; created: boolean; message: string | null }[];
}

/** `POST /api/shipments/process-selected` and `/process` (spec §7). */
export interface ProcessResultJson {
  success: number;
  failed: number;
  skipped: number;
  message: string;
  errors: { shipmentId: number; orderExternalId: string; code: string; message: string }[];
  runId: string | null;
}

/** `GET /api/shipments/process-runs`: runs still going and the last finished one. */
export interface ProcessRunJson {
  id: string;
  status: 'running' | 'finished';
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
}

/** Cancel, single close, update tracking: `{message, success, shipment}`. */
export interface ShipmentActionJson {
  message: string;
  success: boolean;
  shipment: ShipmentJson | null;
}

/** `POST /api/shipments/close-workday` and `/{id}/close-workday`: `{message, processed}` (spec §7). */
export interface CloseWorkdayJson {
  message: string;
  processed: number;
  failed: number;
  outcomes: { shipmentId: number; ok: boolean; message: string | null }[];
  manifestIds: number[];
}

/** The rule that chose an order's carrier (its name as it was then). */
export interface AppliedRuleJson {
  id: number;
  name: string;
}

/** Spec §3 shipping_rules. */
export interface ShippingRuleJson {
  id: number;
  merchantId: string;
  name: string;
  priority: number;
  conditions: import('./shipping-rules').ShippingRuleConditions;
  carrierIntegrationId: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/shipping-rules/assign-carriers` (spec §7: message) with its counts. */
export interface AssignCarriersJson {
  message: string;
  total: number;
  assigned: number;
  unchanged: number;
  manual: number;
  noMatch: number;
  hasShipment: number;
  /** Orders held in 'Da pagare' (payment in attesa or non riuscito) the rules passed over; not in `total`. */
  unpaid: number;
}

/** One order of the dry run: the rule that would take it and why each rule before it did not. */
export interface RulePreviewOrderJson {
  orderId: number;
  externalId: string;
  buyerName: string;
  countryCode: string;
  total: string;
  currency: string;
  isExpress: boolean;
  weightKg: number | null;
  currentCarrierIntegrationId: number | null;
  carrierSource: 'manual' | 'rule' | null;
  outcome: import('./shipping-rules').RuleOutcome;
  /** The first rule (by priority) whose conditions all hold; null: none. */
  matchedRule: { id: number; name: string; priority: number; carrierIntegrationId: number } | null;
  /** For each rule before the match (all of them when none matched): "Regola 'X': destinazione DE non inclusa". */
  reasons: string[];
}

/** `POST /api/shipping-rules/preview`: nothing is written. */
export interface RulePreviewJson {
  /** Counts over every order considered (what 'Assegna Corrieri' would do now). */
  summary: Omit<AssignCarriersJson, 'message'>;
  /** The first orders (by order date, newest first), at most SHIPPING_RULE_PREVIEW_ROWS. */
  orders: RulePreviewOrderJson[];
  message: string;
}

/** One notification of `GET /api/notifications` (issue 11): something to fix, with where to fix it. */
export interface NotificationJson {
  id: number;
  kind: import('./activity').NotificationKind;
  title: string;
  text: string;
  /** A path of the app (`/dashboard/marketplaces`, `/carriers/posta_1/setup?edit=3`). */
  link: string;
  /** ISO-8601: when it was raised (or last grew: a run's failed labels). */
  createdAt: string;
  /** Read by the calling user. */
  read: boolean;
}

/** `GET /api/notifications`: the newest notifications and how many of all the caller has not read. */
export interface NotificationsJson {
  notifications: NotificationJson[];
  unreadCount: number;
}

/** `POST /api/notifications/{id}/read` and `POST /api/notifications/read-all`. */
export interface NotificationsReadJson {
  success: boolean;
  marked: number;
  unreadCount: number;
}

/** One line of `GET /api/activity` (issue 11): what happened, newest first. */
export interface ActivityJson {
  id: number;
  kind: import('./activity').ActivityKind;
  text: string;
  /** How many things it groups (orders of a sync, labels of a run); 1 otherwise. */
  count: number;
  /** ISO-8601: the latest event it groups. */
  occurredAt: string;
}
