/** One GLS customer account the sandbox knows (GLS gives these to a merchant with the contract). */
export interface GlsSandboxAccount {
  /** Sigla sede, 2 letters (`MI`): the GLS branch the customer belongs to. */
  sede: string;
  /** Codice cliente, numeric, at most 6 digits. */
  codiceCliente: string;
  /** Password cliente, at most 10 characters, case-sensitive. */
  password: string;
  /** The contract codes (numeric, 4 digits) the customer may ship with. */
  contracts: string[];
  /** Whether inline PDF labels (`GeneraPdf=4`) are enabled; default true. */
  inlinePdf?: boolean;
}

/**
 * The accounts a sandbox starts with when none are given (documented in README.md). The third one
 * lacks the inline PDF label feature, so its AddParcel with `GeneraPdf=4` answers the fatal
 * "feature not enabled" form.
 */
export const defaultGlsAccounts: readonly GlsSandboxAccount[] = [
  { sede: 'MI', codiceCliente: '123456', password: 'Sandbox1', contracts: ['1234'] },
  { sede: 'RM', codiceCliente: '654321', password: 'Sandbox2', contracts: ['5678', '5679'] },
  { sede: 'TO', codiceCliente: '111111', password: 'NoPdf001', contracts: ['4321'], inlinePdf: false },
];
