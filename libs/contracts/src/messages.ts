/**
 * Every Italian text that the forms and the gateway share. Texts quoted by the product spec
 * (§5 validation, §8 errors) are kept word for word; the rest are ours, in the same voice.
 */
export const messages = {
  validation: {
    emailInvalid: 'Indirizzo email non valido',
    passwordRequired: 'La password è obbligatoria',
    required: 'Campo obbligatorio',
    firstNameRequired: 'Il nome è richiesto',
    lastNameRequired: 'Il cognome è richiesto',
    usernameMin: 'Lo username deve contenere almeno 3 caratteri',
    usernameRequired: 'Lo username è richiesto',
    passwordsMismatch: 'Le password non corrispondono',
    termsRequired: 'Devi accettare i termini e le condizioni',
    passwordMin: 'La password deve contenere almeno 6 caratteri',
    passwordUppercase: 'La password deve contenere almeno una lettera maiuscola',
    passwordDigit: 'La password deve contenere almeno un numero',
    resetEmailInvalid: 'Inserisci un indirizzo email valido',
    currentPasswordRequired: 'La password attuale è richiesta',
    confirmNewPassword: 'Conferma la nuova password',
    merchantNameRequired: 'Il nome del merchant è obbligatorio',
    merchantNameTooLong: 'Il nome del merchant può contenere al massimo 120 caratteri',
    merchantIdInvalid: 'Identificativo del merchant non valido',
    avatarNotImage: 'Puoi caricare solo file immagine.',
    avatarTooLarge: "L'immagine è troppo grande: la dimensione massima è 1 MB.",
    tokenMissing: 'Token mancante',
    fieldTooLong: 'Valore troppo lungo',
    /** Generic texts of the Italian zod error map (italian-errors.ts). */
    typeInvalid: 'Tipo di valore non valido',
    valueInvalid: 'Valore non valido',
    numberInvalid: 'Numero non valido',
    idInvalid: 'Identificativo non valido',
    urlInvalid: 'Indirizzo web non valido',
    formatInvalid: 'Formato non valido',
    fileTooLarge: 'Il file è troppo grande',
    tooLongChars: (max: number) => `Il valore può contenere al massimo ${max} caratteri`,
    tooShortChars: (min: number) => `Il valore deve contenere almeno ${min} caratteri`,
    tooManyItems: (max: number) => `Puoi indicare al massimo ${max} ${max === 1 ? 'elemento' : 'elementi'}`,
    tooFewItems: (min: number) => `Indica almeno ${min} ${min === 1 ? 'elemento' : 'elementi'}`,
    numberMax: (max: string) => `Il valore deve essere al massimo ${max}`,
    numberMin: (min: string) => `Il valore deve essere almeno ${min}`,
    oneOf: (values: string) => `Valore non valido: scegli tra ${values}`,
    unknownFields: (keys: string) => `Campi non riconosciuti: ${keys}`,
    /** A NUL character (U+0000) anywhere in a request: PostgreSQL cannot store it. */
    invalidCharacters: 'Il testo contiene caratteri non consentiti',
    /** A name or an address with characters a person cannot see (bidirectional controls, zero-width spaces). */
    hiddenCharacters: 'Il testo contiene caratteri invisibili o che cambiano la direzione del testo (per esempio U+202E o U+200B): cancellali e riscrivi il testo',
  },
  errors: {
    invalidCredentials: 'Email o password non validi',
    emailTaken: 'Questo indirizzo email è già registrato',
    usernameTaken: 'Questo username è già in uso',
    wrongCurrentPassword: 'La password attuale non è corretta',
    notAuthenticated: 'Accesso richiesto: effettua il login',
    noMerchantSelected: 'Nessun merchant selezionato',
    merchantNotFound: 'Merchant non trovato',
    forbidden: 'Non hai i permessi per questa operazione',
    crossOrigin: 'Richiesta non consentita da questa origine',
    invalidJson: 'Il corpo della richiesta non è un JSON valido',
    bodyTooLarge: 'Il corpo della richiesta è troppo grande',
    unsupportedContentType: 'Il corpo della richiesta deve essere in formato JSON',
    tooManyLoginAttempts: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
    tooManyRegistrations: 'Troppe registrazioni da questo indirizzo. Riprova più tardi.',
    tooManyResetRequests: 'Troppe richieste di reset della password. Riprova più tardi.',
    resetTokenInvalid: 'Link non valido',
    notFound: 'Risorsa non trovata',
    methodNotAllowed: 'Operazione non disponibile su questa risorsa',
    internal: 'Si è verificato un errore interno. Riprova più tardi.',
    unavailable: 'Servizio temporaneamente non disponibile. Riprova più tardi.',
    validation: 'Dati non validi',
    /** Kit: an action only a merchant's admin may take (requireAdmin). */
    adminOnly: 'Solo un amministratore del merchant può eseguire questa operazione',
    /** Kit: an operation the carrier or marketplace does not offer (provider-http NotSupported). */
    notSupported: (operation: string, provider: string) => `Operazione non supportata da ${provider}: ${operation}`,
    /** Kit provider-http: the provider did not answer in time or answered 5xx after the retries. */
    providerUnavailable: (provider: string) => `${provider} non risponde in questo momento. Riprova più tardi.`,
    /** Kit provider-http: the provider answered with an error the adapter did not recognise. */
    providerRefused: (provider: string, status: number) => `${provider} ha rifiutato la richiesta (HTTP ${status})`,
    /** Gateway: a body with Content-Encoding gzip/deflate/br that does not decompress. */
    invalidBodyEncoding: 'Il corpo della richiesta compresso non è valido',
    /** Gateway: the request (headers and body) did not arrive within REQUEST_TIMEOUT_MS. */
    requestTimeout: 'La richiesta non è arrivata in tempo',
    /** Gateway: a request line or headers over Node's limit (16 KB). */
    headersTooLarge: "Le intestazioni della richiesta sono troppo grandi: ricarica la pagina o cancella i cookie di questo sito",
    /** Gateway: what arrived is not an HTTP request it can read. */
    badRequest: 'Richiesta non valida',
    tooManyRequests: 'Troppe richieste. Riprova tra qualche minuto.',
    tooManyInvites: 'Hai inviato troppi inviti. Riprova più tardi.',
    frontendMissing: "L'applicazione web non è disponibile su questo server.",
    /** SSO (issue 24): the ID token is not one of the configured realm's (signature, issuer, audience, expiry, nonce). */
    ssoTokenInvalid: "Accesso con SSO non riuscito: l'identità ricevuta non è valida o è scaduta. Riprova con 'Accedi con SSO'.",
    /** SSO: no nonce cookie (another browser, expired after 10 minutes) or a nonce already used. */
    ssoNonceInvalid: "Accesso con SSO non riuscito: la richiesta è scaduta o è già stata usata. Riprova con 'Accedi con SSO'.",
    ssoNotConfigured: "L'accesso con SSO non è configurato su questo server.",
    ssoEmailUnverified:
      "Il tuo indirizzo email non è ancora verificato presso il provider SSO: verificalo dal link che hai ricevuto (o chiedi all'amministratore della tua azienda), poi riprova con 'Accedi con SSO'.",
    ssoEmailMissing: "Il provider SSO non ha comunicato un indirizzo email: chiedi all'amministratore della tua azienda di aggiungerlo al tuo profilo, poi riprova.",
    /** SSO: the e-mail belongs to a password account; linking needs its password once (no takeover by whoever controls the provider). */
    ssoLinkPasswordRequired: "Esiste già un account Smista con questo indirizzo email: inserisci la sua password per collegarlo all'accesso con SSO.",
    ssoLinkPasswordWrong: 'La password non è corretta: inserisci la password del tuo account Smista per collegarlo.',
    /** Back-channel logout: the logout token is not one of the realm's (signature, issuer, audience, expiry, event, nonce). */
    ssoLogoutTokenInvalid: 'Richiesta di logout SSO non valida: il token di logout non è del realm configurato o è scaduto.',
    /** 'Imposta password' of a user who already has one (the profile offers 'Cambia password' then). */
    passwordAlreadySet: "Hai già una password Smista: per cambiarla usa 'Cambia password'.",
    /** A session opened with a password, in a merchant whose admin requires single sign-on. */
    ssoRequiredByMerchant: "Questo merchant richiede l'accesso con SSO: esci e accedi di nuovo con 'Accedi con SSO'.",
    /** Turning the requirement on from a password session would lock that admin out. */
    ssoRequiredNeedsSsoSession:
      "Per richiedere l'accesso con SSO devi aver effettuato l'accesso con SSO: esci, accedi con 'Accedi con SSO' e riprova.",
  },
  success: {
    passwordUpdated: 'Password aggiornata',
    passwordReset: 'Password reimpostata con successo',
    /** A user created by single sign-on set their first Smista password. */
    passwordSet: 'Password impostata',
    resetRequested:
      "Se l'indirizzo è associato a un account, riceverai un'email con le istruzioni per reimpostare la password.",
    loggedOut: 'Hai effettuato il logout con successo',
  },
  mail: {
    resetSubject: 'Reimposta la tua password Smista',
  },
  roles: { admin: 'Amministratore', user: 'Utente' },
  /** For operators: a process that cannot start names the variable and why (kit `loadConfig`). */
  config: {
    invalid: "Configurazione non valida, variabili d'ambiente errate:",
    address: 'deve essere host:porta',
    required: 'obbligatorio',
    secretMin: (min: number) => `deve contenere almeno ${min} caratteri`,
    consumerSuffix: 'solo lettere, cifre, - e _',
    url: 'deve essere un URL (http://host:porta)',
    redisUrl: 'deve essere un URL redis://host:porta (rediss:// con TLS)',
    keyPrefix: 'da 1 a 64 caratteri, senza spazi',
    time: 'deve essere una data e ora ISO 8601 (2026-11-23T08:00:00Z)',
    originList: 'deve essere un elenco di origini separate da virgole (https://host:porta)',
    remotePublicUrl: 'deve essere un percorso che inizia e finisce con / (/remotes/orders/) o un URL http(s) che finisce con /',
    bucketName: 'solo lettere, cifre, - e _ (al massimo 64 caratteri)',
    absolutePath: 'deve essere un percorso assoluto',
    clientId: 'solo lettere, cifre, . _ : e - (al massimo 255 caratteri)',
    ssoPair: 'SSO_ISSUER_URL e SSO_CLIENT_ID vanno impostati insieme (entrambi vuoti: SSO disattivato)',
    ssoIssuer: "deve essere l'URL del realm (https://host/realms/nome), senza / finale, senza query né frammento",
    /** SECRETS_KEYS (kit `env.secretKeys()`); never quotes the key itself. */
    secretKeys: {
      empty: 'deve contenere almeno una chiave nel formato id:chiave_base64 (32 byte), separate da virgole',
      entry: (position: number) => `la voce ${position} non è nel formato id:chiave_base64`,
      keyId: (position: number) => `l'id della voce ${position} può contenere solo lettere, cifre, - e _ (al massimo 32 caratteri)`,
      base64: (id: string) => `la chiave "${id}" non è in base64`,
      length: (id: string, bytes: number) => `la chiave "${id}" deve essere di 32 byte, ne ha ${bytes}`,
      duplicate: (id: string) => `l'id di chiave "${id}" è ripetuto`,
    },
  },
} as const;
