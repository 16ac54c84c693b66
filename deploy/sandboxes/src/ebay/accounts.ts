/*
 * Who the sandbox knows: eBay applications (client id, secret, RuName and the URL the RuName
 * redirects to) and sellers (eBay accounts with a password and orders). README.md lists the defaults.
 */

/** An eBay application as the developer portal registers it, with its RuName's redirect URLs. */
export interface EbaySandboxApp {
  /** App ID (client id). */
  clientId: string;
  /** Cert ID (client secret). */
  clientSecret: string;
  /** The RuName: what a client sends as `redirect_uri`. */
  ruName: string;
  /** Where eBay sends the browser after consent: `<acceptUrl>?state=…&code=…&expires_in=299`. */
  acceptUrl: string;
  /** Where a refusal goes (`?state=…&error=access_denied…`); default `acceptUrl`. */
  declineUrl?: string;
  /** The name the consent page shows; default "Smista". */
  name?: string;
}

/**
 * The application the sandbox knows from the start, shaped like a real eBay keyset (its accept URL
 * is the shell's `/marketplace/callback` of the local stack).
 */
export const EBAY_SANDBOX_APP = {
  clientId: 'SmistaSr-Smista-SBX-7f3a2c1d9-4e8b6a20',
  clientSecret: 'SBX-f3a2c1d94e8b-6a20-4c7d-9e1f-0b5a',
  ruName: 'Smista_Srl-SmistaSr-Smista-qzvtrkpl',
  acceptUrl: 'http://localhost:8080/marketplace/callback',
} as const satisfies EbaySandboxApp;

export type EbayAccountType = 'BUSINESS' | 'INDIVIDUAL';

/** A seller to create: its eBay login and how many generated orders it has. */
export interface EbaySandboxSellerInput {
  /** eBay user id (login name); case-insensitive, as on eBay. */
  username: string;
  /** Default `Sandbox1!`. */
  password?: string;
  /** Generated orders (creation dates over the last 120 days). */
  orders: number;
  /** Generator seed; default the username (so the same seller always has the same orders). */
  seed?: string | number;
  /** Default BUSINESS. */
  accountType?: EbayAccountType;
}

export const DEFAULT_SELLER_PASSWORD = 'Sandbox1!';

/** The sellers a sandbox starts with when none are given (README.md). */
export const defaultEbaySellers: readonly EbaySandboxSellerInput[] = [
  { username: 'smista_test_seller', password: 'Sandbox1!', orders: 250, accountType: 'BUSINESS' },
  { username: 'smista_test_privato', password: 'Sandbox2!', orders: 250, accountType: 'INDIVIDUAL' },
  { username: 'smista_test_vuoto', password: 'Sandbox3!', orders: 0, accountType: 'BUSINESS' },
];

/** The scope root of eBay's OAuth scopes. */
export const API_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/**
 * The scopes the sandbox knows (providers.md), with what the consent page tells the seller each one
 * allows.
 */
export const EBAY_KNOWN_SCOPES: Readonly<Record<string, string>> = {
  [API_SCOPE]: 'Visualizzare i dati pubblici di eBay',
  [`${API_SCOPE}/sell.inventory`]: "Visualizzare e gestire l'inventario e le offerte",
  [`${API_SCOPE}/sell.inventory.readonly`]: "Visualizzare l'inventario e le offerte",
  [`${API_SCOPE}/sell.marketing`]: 'Visualizzare e gestire le attività di marketing',
  [`${API_SCOPE}/sell.marketing.readonly`]: 'Visualizzare le attività di marketing',
  [`${API_SCOPE}/sell.account`]: "Visualizzare e gestire le impostazioni dell'account venditore",
  [`${API_SCOPE}/sell.account.readonly`]: "Visualizzare le impostazioni dell'account venditore",
  [`${API_SCOPE}/sell.fulfillment`]: "Visualizzare e gestire l'evasione degli ordini",
  [`${API_SCOPE}/sell.fulfillment.readonly`]: "Visualizzare l'evasione degli ordini",
  [`${API_SCOPE}/commerce.identity.readonly`]: 'Visualizzare i dati di base del tuo account eBay',
};

/** The scopes Smista asks a seller for (spec §7), the default of the test helpers. */
export const SMISTA_SCOPES: readonly string[] = [
  API_SCOPE,
  `${API_SCOPE}/sell.inventory`,
  `${API_SCOPE}/sell.marketing`,
  `${API_SCOPE}/sell.account`,
  `${API_SCOPE}/sell.fulfillment`,
  `${API_SCOPE}/commerce.identity.readonly`,
];

/** What each API needs among the consented scopes (any one of them). */
export const SCOPES_NEEDED = {
  readOrders: [`${API_SCOPE}/sell.fulfillment`, `${API_SCOPE}/sell.fulfillment.readonly`],
  writeOrders: [`${API_SCOPE}/sell.fulfillment`],
  identity: [`${API_SCOPE}/commerce.identity.readonly`],
} as const;

/** Space-separated scopes as a list (empty entries dropped). */
export function scopeList(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
