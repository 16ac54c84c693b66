/**
 * Italian texts of the Etsy adapter (services/marketplaces/src/adapters/etsy): Etsy refusing the
 * app's key, a code, a refresh token, a receipts read or a shipment, its quotas, and the notice of a
 * day's quota running low. Etsy's own words are quoted only for a refusal we have no text of.
 */

const ETSY = 'Etsy';

export const etsyMessages = {
  provider: ETSY,

  // App credentials (configuration: ETSY_KEYSTRING, ETSY_SHARED_SECRET, ETSY_REDIRECT_URL)
  clientIdMissing: 'Parametri OAuth incompleti: client_id mancante',
  sharedSecretMissing: 'Parametri OAuth incompleti: shared secret mancante',
  redirectUrlMissing: 'Parametri OAuth incompleti: redirect_uri mancante',
  clientRefused: `${ETSY} ha rifiutato la keystring dell'applicazione (client_id): controlla la configurazione`,
  /** The two documented 403s of the x-api-key: a configuration error, never retried. */
  apiKeyRefused: (etsyError: string) => `${ETSY} ha rifiutato la chiave dell'applicazione (x-api-key: keystring e shared secret): controlla la configurazione di Smista. Risposta di ${ETSY}: ${etsyError}`,

  // Consent and tokens
  pkceMissing: `Manca il code_verifier PKCE della richiesta di autorizzazione: collega di nuovo l'account ${ETSY}`,
  codeRefused: `${ETSY} ha rifiutato il codice di autorizzazione: è scaduto, è già stato usato o non corrisponde alla richiesta. Collega di nuovo l'account ${ETSY}.`,
  refreshRefused: `${ETSY} ha rifiutato il refresh token: l'autorizzazione è scaduta (dura 90 giorni) o è stata revocata. Collega di nuovo l'account ${ETSY}.`,
  tokenRequestRefused: (reason: string) => `${ETSY} ha rifiutato la richiesta del token: ${reason}`,
  tokenExpired: `Il token di accesso ${ETSY} è scaduto o non è più valido`,
  tokenUnreadable: `Il token ${ETSY} salvato non è leggibile: collega di nuovo l'account`,
  noShop: `L'account ${ETSY} che ha dato l'autorizzazione non ha un negozio: collega l'account del venditore`,

  // Quotas
  quotaExceeded: (waitText: string) => `Limite di chiamate ${ETSY} raggiunto: la lettura riprende tra ${waitText}`,
  /** Said on the integration while the app's day quota is running low: the schedule slows down instead of failing. */
  dailyQuotaLow: (remaining: number, limit: number, waitText: string) =>
    `Quota giornaliera di chiamate ${ETSY} quasi esaurita (${remaining} di ${limit} rimaste): la sincronizzazione rallenta, prossima lettura tra ${waitText}`,

  // Refusals of a call; `reason` is Etsy's own message or one of the texts below
  ordersRefused: (reason: string) => `${ETSY} ha rifiutato la lettura degli ordini: ${reason}`,
  identityRefused: (reason: string) => `${ETSY} ha rifiutato la lettura del negozio: ${reason}`,
  shipmentRefused: (reason: string) => `${ETSY} ha rifiutato l'invio del tracking: ${reason}`,
  orderNotFound: 'ricevuta non trovata su Etsy',
  alreadyShipped: 'la ricevuta ha già una spedizione con tracking su Etsy',
  notShippable: 'la ricevuta è annullata o rimborsata',
  notOwnShop: "il negozio non appartiene all'account collegato",
  httpStatus: (status: number) => `risposta HTTP ${status}`,

  // Tracking push, checked before sending
  orderIdRequired: "Manca l'ID della ricevuta Etsy",
  trackingRequired: 'Indica il numero di tracking',
  trackingInvalid: 'Il numero di tracking per Etsy può contenere solo lettere, cifre e trattini',
} as const;
