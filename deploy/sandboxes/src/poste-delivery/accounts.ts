/** One Poste Delivery Business client the sandbox knows (Poste gives these with the contract). */
export interface PosteSandboxAccount {
  /** Client ID, sent as `clientId` to `/user/sessions` and as the `POSTE_clientID` header. */
  clientId: string;
  /** Client secret (`secretId`), case-sensitive. */
  secret: string;
  /** The cost-centre codes (`CDC-…`) the client may ship with. */
  costCenters: string[];
  /** The products (`APT…`) its contract enables; default all four of providers.md. */
  products?: string[];
  /** A client Poste has disabled: its session requests are refused with their own reason. */
  disabled?: boolean;
}

/** The products of providers.md: Express, Standard, International Express, International Standard. */
export const POSTE_PRODUCTS = {
  APT000901: { name: 'Poste Delivery Business Express', international: false },
  APT000902: { name: 'Poste Delivery Business Standard', international: false },
  APT000903: { name: 'Poste Delivery Business International Express', international: true },
  APT000904: { name: 'Poste Delivery Business International Standard', international: true },
} as const;
export type PosteProduct = keyof typeof POSTE_PRODUCTS;

export const isPosteProduct = (code: string): code is PosteProduct => Object.hasOwn(POSTE_PRODUCTS, code);

/**
 * The accounts a sandbox starts with when none are given (documented in README.md). The second
 * one's contract has the domestic products only; the third is disabled.
 */
export const defaultPosteAccounts: readonly PosteSandboxAccount[] = [
  { clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenters: ['CDC-000001'] },
  { clientId: 'smista-sandbox-2', secret: 'PosteSandbox2', costCenters: ['CDC-000002', 'CDC-000003'], products: ['APT000901', 'APT000902'] },
  { clientId: 'smista-disabled', secret: 'PosteDisabled1', costCenters: ['CDC-000009'], disabled: true },
];
