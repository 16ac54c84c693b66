/**
 * Italian texts of the Shopify adapter (services/marketplaces/src/adapters/shopify): the shop's
 * domain refused before any call, the install callback refused, Shopify refusing the app, a code, a
 * refresh token, a query or a fulfilment. Shopify's own words are quoted only for a refusal we have
 * no text of.
 */

const SHOPIFY = 'Shopify';

/** Shopify's `userErrors` of fulfillmentCreate (and its GraphQL error codes) in the merchant's words. */
export const shopifyErrorTexts: Readonly<Record<string, string>> = {
  'Fulfillment order does not exist.': "ordine di evasione non trovato su Shopify",
  'Invalid fulfillment order line item quantity requested.': "quantità degli articoli non valida per l'ordine di evasione",
  'Url must be a valid URL.': 'il link di tracking non è un indirizzo valido',
  'All fulfillment orders must belong to the same order.': 'gli articoli appartengono a ordini diversi',
  ACCESS_DENIED: 'permessi insufficienti: collega di nuovo il negozio concedendo tutti i permessi richiesti',
  MAX_COST_EXCEEDED: 'richiesta troppo costosa per i limiti di Shopify',
  // fulfillmentEventCreate's userErrors
  'Fulfillment does not exist.': "l'evasione di questa spedizione non esiste più su Shopify",
  'Fulfillment is cancelled.': "l'evasione di questa spedizione è stata annullata su Shopify",
};

export const shopifyMessages = {
  provider: SHOPIFY,

  // The shop's domain, checked before any call
  shopDomainRequired: 'Indica il dominio del negozio Shopify (ad esempio negozio.myshopify.com)',
  shopDomainInvalid: (input: string) =>
    `Dominio del negozio Shopify non valido: "${input}". Scrivi il nome del negozio (negozio) o il suo indirizzo negozio.myshopify.com`,

  // App credentials (configuration: SHOPIFY_CLIENT_ID, SHOPIFY_CLIENT_SECRET, SHOPIFY_REDIRECT_URL)
  clientIdMissing: 'Parametri OAuth incompleti: client_id mancante',
  clientSecretMissing: 'Parametri OAuth incompleti: client_secret mancante',
  redirectUrlMissing: 'Parametri OAuth incompleti: redirect_uri mancante',
  clientRefused: `${SHOPIFY} ha rifiutato le credenziali dell'applicazione (client_id o client_secret): controlla la configurazione`,

  // The install callback (checked before the code is exchanged)
  callbackIncomplete: 'Parametri mancanti nella callback. Impossibile completare l\'autenticazione.',
  callbackSignatureInvalid: `La risposta di ${SHOPIFY} non è firmata correttamente: collega di nuovo il negozio`,
  callbackExpired: `La risposta di ${SHOPIFY} è scaduta (più di 90 secondi): collega di nuovo il negozio`,
  callbackShopInvalid: `La risposta di ${SHOPIFY} indica un negozio non valido: collega di nuovo il negozio`,

  // Consent and tokens
  codeRefused: `${SHOPIFY} ha rifiutato il codice di autorizzazione: è scaduto o è già stato usato. Collega di nuovo il negozio ${SHOPIFY}.`,
  refreshRefused: `${SHOPIFY} ha rifiutato il refresh token: l'autorizzazione è scaduta o l'app è stata disinstallata. Collega di nuovo il negozio ${SHOPIFY}.`,
  tokenRequestRefused: (reason: string) => `${SHOPIFY} ha rifiutato la richiesta del token: ${reason}`,
  tokenExpired: `Il token di accesso ${SHOPIFY} è scaduto o non è più valido`,
  tokenUnreadable: `Il token ${SHOPIFY} salvato non è leggibile: collega di nuovo il negozio`,
  quotaExceeded: `Limite di chiamate ${SHOPIFY} raggiunto per il momento: riprova tra qualche secondo`,

  // Refusals of a call; `reason` is a text of shopifyErrorTexts or Shopify's own message
  ordersRefused: (reason: string) => `${SHOPIFY} ha rifiutato la lettura degli ordini: ${reason}`,
  identityRefused: (reason: string) => `${SHOPIFY} ha rifiutato la lettura dei dati del negozio: ${reason}`,
  fulfillmentRefused: (reason: string) => `${SHOPIFY} ha rifiutato la conferma di spedizione: ${reason}`,
  deliveryRefused: (reason: string) => `${SHOPIFY} ha rifiutato la notifica di consegna: ${reason}`,
  /** fulfillmentEventCreate refused ACCESS_DENIED: the shop was connected before Smista asked write_fulfillments. */
  deliveryScopeMissing: `Ricollega il negozio ${SHOPIFY} per concedere a Smista il permesso di comunicare le consegne (write_fulfillments): ${SHOPIFY} ha rifiutato la notifica di consegna perché il negozio è stato collegato prima che Smista lo chiedesse`,
  fulfillmentIdInvalid: (id: string) => `Evasione ${SHOPIFY} non valida: "${id}"`,
  orderNotFound: 'ordine non trovato su Shopify',
  alreadyFulfilled: "gli articoli risultano già evasi su Shopify (o l'ordine è chiuso o annullato)",
  noFulfillableLines: "nessuno degli articoli indicati è da evadere nell'ordine Shopify",
  httpStatus: (status: number) => `risposta HTTP ${status}`,

  // Tracking push, checked before sending
  orderIdRequired: "Manca l'ID dell'ordine Shopify",
  lineItemsRequired: "Indica almeno un articolo dell'ordine da segnare come spedito",
  quantityInvalid: (lineItemId: string) => `La quantità spedita dell'articolo ${lineItemId} deve essere un numero intero maggiore o uguale a 1`,
  trackingRequired: 'Indica il numero di tracking',

  // Webhooks (the gateway's public route), refused before anything is parsed or written
  webhookSignatureInvalid: `Notifica ${SHOPIFY} rifiutata: la firma (X-Shopify-Hmac-Sha256) non corrisponde al contenuto`,
  webhookIncomplete: (header: string) => `Notifica ${SHOPIFY} rifiutata: manca l'intestazione ${header}`,
  webhookTopicUnknown: (topic: string) => `Notifica ${SHOPIFY} rifiutata: argomento "${topic}" non gestito da Smista`,
  webhookShopInvalid: `Notifica ${SHOPIFY} rifiutata: il negozio indicato non è un dominio myshopify.com valido`,
  webhookBodyInvalid: `Notifica ${SHOPIFY} rifiutata: il contenuto non è un oggetto JSON valido`,
  webhookTooLarge: (maxBytes: number) => `Notifica ${SHOPIFY} rifiutata: il contenuto supera il limite di ${maxBytes} byte`,
} as const;
