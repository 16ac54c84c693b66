/**
 * Italian texts of the Amazon adapter (services/marketplaces/src/adapters/amazon): Amazon refusing
 * the app, a code, a refresh token, a search or a shipment confirmation, the pacing of its rate
 * limits, and the problem of an order whose address Amazon withholds. Amazon's own words are quoted
 * only for a refusal we have no text of.
 */

const AMAZON = 'Amazon';

/** Amazon's error codes (the `code` of its error envelope) in the merchant's words. */
export const amazonErrorTexts: Readonly<Record<string, string>> = {
  InvalidInput: 'richiesta non valida',
  NotFound: 'ordine non trovato su Amazon',
  Unauthorized: "accesso negato: collega di nuovo l'account Amazon",
  InvalidSignature: "firma della richiesta non valida",
  QuotaExceeded: 'limite di chiamate raggiunto',
};

export const amazonMessages = {
  provider: AMAZON,

  // App credentials (configuration: AMAZON_APPLICATION_ID, AMAZON_CLIENT_ID, AMAZON_CLIENT_SECRET, AMAZON_REDIRECT_URL)
  clientIdMissing: 'Parametri OAuth incompleti: client_id mancante',
  applicationIdMissing: 'Parametri OAuth incompleti: application_id mancante',
  clientSecretMissing: 'Parametri OAuth incompleti: client_secret mancante',
  redirectUrlMissing: 'Parametri OAuth incompleti: redirect_uri mancante',
  clientRefused: `${AMAZON} ha rifiutato le credenziali dell'applicazione (client_id o client_secret): controlla la configurazione`,

  // The consent's return
  sellerMissing: `La risposta di ${AMAZON} non indica il venditore (selling_partner_id): collega di nuovo l'account ${AMAZON}`,

  // Consent and tokens
  codeRefused: `${AMAZON} ha rifiutato il codice di autorizzazione: è scaduto (vale circa 5 minuti) o è già stato usato. Collega di nuovo l'account ${AMAZON}.`,
  refreshRefused: `${AMAZON} ha rifiutato il refresh token: l'autorizzazione è stata revocata. Collega di nuovo l'account ${AMAZON}.`,
  tokenRequestRefused: (reason: string) => `${AMAZON} ha rifiutato la richiesta del token: ${reason}`,
  tokenExpired: `Il token di accesso ${AMAZON} è scaduto o non è più valido`,
  tokenUnreadable: `Il token ${AMAZON} salvato non è leggibile: collega di nuovo l'account`,
  quotaExceeded: (waitText: string) => `Limite di chiamate ${AMAZON} raggiunto: la lettura riprende tra ${waitText}`,

  // Refusals of a call; `reason` is a text of amazonErrorTexts or Amazon's own message
  ordersRefused: (reason: string) => `${AMAZON} ha rifiutato la lettura degli ordini: ${reason}`,
  identityRefused: (reason: string) => `${AMAZON} ha rifiutato la lettura dei dati del venditore: ${reason}`,
  confirmationRefused: (reason: string) => `${AMAZON} ha rifiutato la conferma di spedizione: ${reason}`,
  orderNotFound: 'ordine non trovato su Amazon',
  alreadyShipped: 'gli articoli risultano già spediti su Amazon',
  notConfirmable: "l'ordine non è da spedire dal venditore (annullato, in attesa di pagamento o spedito da Amazon)",
  httpStatus: (status: number) => `risposta HTTP ${status}`,

  // Tracking push, checked before sending
  orderIdRequired: "Manca l'ID dell'ordine Amazon",
  lineItemsRequired: "Indica almeno un articolo dell'ordine da segnare come spedito",
  quantityInvalid: (lineItemId: string) => `La quantità spedita dell'articolo ${lineItemId} deve essere un numero intero maggiore o uguale a 1`,
  trackingRequired: 'Indica il numero di tracking',
} as const;

/**
 * The problem of an imported order whose delivery address the marketplace withholds (Amazon without
 * the restricted role): shown where the order's problems show, instead of failing the sync.
 */
export const orderProblemTexts = {
  addressWithheld: (marketplaceName: string) => `Indirizzo non disponibile da ${marketplaceName}`,
} as const;
