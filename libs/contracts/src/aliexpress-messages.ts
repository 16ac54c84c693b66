/**
 * Italian texts of the AliExpress adapter (services/marketplaces/src/adapters/aliexpress, in
 * progress): the gateway's `error_response` codes in the merchant's words, and the refusals the
 * adapter makes before any call. AliExpress's own words are quoted only for a code we have no text of.
 */

const ALIEXPRESS = 'AliExpress';

/** The IOP gateway's error codes (`error_response.code`, also `/rest`'s top-level `code`) in the merchant's words. */
export const aliexpressErrorTexts: Readonly<Record<string, string>> = {
  InvalidCode: "codice di autorizzazione non valido, scaduto (vale 3 minuti) o già usato: collega di nuovo l'account AliExpress",
  IncompleteSignature: "firma della richiesta non valida: controlla la configurazione di Smista (app secret)",
  InvalidAppkey: "app key non valida: controlla la configurazione di Smista",
  AUTH_TYPE_UNSUPPORTED: "tipo di autorizzazione non supportato per questa applicazione",
  ServiceUnavailable: 'servizio AliExpress non disponibile',
  IllegalAccessToken: "token di accesso non valido o scaduto: collega di nuovo l'account AliExpress",
  IllegalRefreshToken: "refresh token non valido o scaduto: collega di nuovo l'account AliExpress",
  ApiCallLimit: 'limite di chiamate raggiunto',
  MissingParameter: 'parametro mancante nella richiesta',
  InvalidParameter: 'parametro non valido nella richiesta',
};

export const aliexpressMessages = {
  provider: ALIEXPRESS,
  appKeyMissing: 'Parametri OAuth incompleti: app_key mancante',
  appSecretMissing: 'Parametri OAuth incompleti: app secret mancante',
  /** A refusal that came as `error_response` (HTTP 200): the code's text, else AliExpress's message. */
  refused: (what: string, reason: string) => `${ALIEXPRESS} ha rifiutato ${what}: ${reason}`,
  ordersWhat: 'la lettura degli ordini',
  fulfilWhat: "l'invio del tracking",
  tokenWhat: 'la richiesta del token',
  quotaExceeded: (waitText: string) => `Limite di chiamate ${ALIEXPRESS} raggiunto: la lettura riprende tra ${waitText}`,
  /** Our carrier without a logistics service configured for it. */
  serviceNameMissing: (carrierCode: string) => `Nessun servizio logistico AliExpress configurato per il corriere ${carrierCode}: aggiungilo in ALIEXPRESS_LOGISTICS_SERVICES`,
  trackingRequired: 'Indica il numero di tracking',
  unreadableDate: (value: string) => `Data di AliExpress non leggibile: ${value}`,
} as const;
