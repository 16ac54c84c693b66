/**
 * Italian texts the gateway needs that `@smista/contracts` does not carry (yet). User-facing text
 * belongs in contracts; these should move there when its owner next touches the messages.
 */
export const gatewayMessages = {
  tooManyRequests: 'Troppe richieste. Riprova tra qualche minuto.',
  tooManyInvites: 'Hai inviato troppi inviti. Riprova più tardi.',
  frontendMissing: "L'applicazione web non è disponibile su questo server.",
} as const;
