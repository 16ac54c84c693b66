/**
 * Italian texts of the eBay adapter (services/marketplaces/src/adapters/ebay): what the merchant
 * reads when eBay refuses the app, the consent code, a refresh token, an orders request or a
 * tracking push, and the checks made before a tracking push is sent. eBay's own words are quoted
 * only for an error code we have no text of.
 */

const EBAY = 'eBay';

/**
 * eBay's error ids (providers.md) in the words the merchant reads: getOrders (30xxx/31xxx),
 * createShippingFulfillment (32xxx) and the access errors common to every call.
 */
export const ebayErrorTexts: Readonly<Record<string, string>> = {
  // Access (every call)
  '1001': 'token di accesso non valido o scaduto',
  '1002': 'token di accesso mancante',
  '1100': "permessi insufficienti: ricollega l'account eBay concedendo tutti i permessi richiesti",
  '2001': 'troppe richieste in poco tempo',
  '2002': 'risorsa non trovata su eBay',
  // getOrders
  '30700': 'filtro degli ordini non riconosciuto',
  '30800': 'valore del filtro degli ordini non valido',
  '30810': 'formato della data nel filtro non valido',
  '30830': 'intervallo di date troppo lungo',
  '30840': 'la data di inizio del filtro segue la data di fine',
  '30900': 'si possono chiedere al massimo 50 ID ordine per volta',
  '31000': 'offset della pagina non valido',
  '31100': 'numero di ordini per pagina non valido (al massimo 200)',
  // createShippingFulfillment
  '32100': 'ordine non trovato su eBay',
  '32200': "articolo non trovato nell'ordine eBay",
  '32210': 'lo stesso articolo compare più volte nella spedizione',
  '32300': 'numero di tracking o corriere non validi',
  '32400': 'quantità di articoli non valida',
  '32500': 'data di spedizione non valida',
  '32600': 'dati della spedizione non validi',
  '32700': "l'articolo risulta già spedito su eBay",
  '32710': "l'ordine è stato annullato su eBay e non può essere spedito",
  '32800': 'spedizione non trovata su eBay',
  '409': "l'ordine risulta già evaso su eBay",
};

export const ebayMessages = {
  provider: EBAY,

  // App credentials (configuration: EBAY_CLIENT_ID, EBAY_CLIENT_SECRET, EBAY_RU_NAME)
  clientIdMissing: 'Parametri OAuth incompleti: client_id mancante',
  clientSecretMissing: 'Parametri OAuth incompleti: client_secret mancante',
  ruNameMissing: 'Parametri OAuth incompleti: RuName (redirect_uri) mancante',
  clientRefused: `${EBAY} ha rifiutato le credenziali dell'applicazione (client_id o client_secret): controlla la configurazione`,

  // Consent and tokens
  codeRefused: `${EBAY} ha rifiutato il codice di autorizzazione: è scaduto o è già stato usato. Collega di nuovo l'account ${EBAY}.`,
  refreshRefused: `${EBAY} ha rifiutato il refresh token: l'autorizzazione è scaduta o è stata revocata. Collega di nuovo l'account ${EBAY}.`,
  tokenRequestRefused: (reason: string) => `${EBAY} ha rifiutato la richiesta del token: ${reason}`,
  tokenExpired: `Il token di accesso ${EBAY} è scaduto o non è più valido`,
  quotaExceeded: `Limite di chiamate ${EBAY} raggiunto per il momento: riprova tra qualche minuto`,

  // Refusals of a call, by operation; `reason` is a text of ebayErrorTexts or eBay's own message
  ordersRefused: (reason: string) => `${EBAY} ha rifiutato la lettura degli ordini: ${reason}`,
  identityRefused: (reason: string) => `${EBAY} ha rifiutato la lettura del profilo venditore: ${reason}`,
  fulfillmentRefused: (reason: string) => `${EBAY} ha rifiutato la conferma di spedizione: ${reason}`,
  withCode: (reason: string, code: string) => `${reason} (codice ${code})`,
  httpStatus: (status: number) => `risposta HTTP ${status}`,

  // Tracking push, checked before sending
  orderIdRequired: "Manca l'ID dell'ordine eBay",
  lineItemsRequired: "Indica almeno un articolo dell'ordine da segnare come spedito",
  lineItemIdRequired: "Manca l'ID di un articolo dell'ordine eBay",
  lineItemDuplicated: (lineItemId: string) => `L'articolo ${lineItemId} compare più volte nella spedizione`,
  quantityInvalid: (lineItemId: string) => `La quantità spedita dell'articolo ${lineItemId} deve essere un numero intero maggiore o uguale a 1`,
  carrierRequired: 'Indica il codice del corriere per eBay',
  trackingRequired: 'Indica il numero di tracking',
  trackingInvalid: (tracking: string) => `Numero di tracking non valido per eBay: "${tracking}" (solo lettere e cifre)`,
  shippedDateInvalid: 'Data di spedizione non valida',
} as const;

/** The operation named by the kit's NotSupportedError for a marketplace without an adapter yet. */
export const marketplaceConnectOperation = "collegamento dell'account e sincronizzazione degli ordini (non ancora disponibile)";
