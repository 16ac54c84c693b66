/**
 * Italian texts of the GLS Italia adapter (services/carriers/src/adapters/gls): what the merchant
 * reads when GLS refuses credentials, a shipment, a cancellation or a workday close. GLS's own words
 * are quoted where it gave some (its texts are already Italian).
 */

/** The GLS AddParcel fields a merchant can fix, named as the merchant knows them. */
export const glsFieldNames = {
  RagioneSociale: 'Nome del destinatario',
  Indirizzo: 'Indirizzo del destinatario',
  Localita: 'Località del destinatario',
  Zipcode: 'CAP del destinatario',
  Provincia: 'Provincia del destinatario',
  Bda: 'Riferimento spedizione (Bda)',
  RiferimentoCliente: 'Riferimento cliente',
  NoteSpedizione: 'Nota per il corriere',
  NoteAggiuntive: 'Descrizione del contenuto',
  Email: 'Email del destinatario',
  ContatoreProgressivo: 'Numero progressivo del collo',
} as const;
export type GlsFieldName = keyof typeof glsFieldNames;

export const glsMessages = {
  provider: 'GLS Italia',

  // Credentials (ListSped, or any call GLS answers with a login failure)
  credentialsRefused: (reason: string) => `GLS Italia ha rifiutato le credenziali: ${reason}`,

  // AddParcel
  labelRefused: (reason: string) => `GLS Italia ha rifiutato la spedizione: ${reason}`,
  fieldRequired: (field: string) => `${field} mancante`,
  fieldTooLong: (field: string, length: number, max: number) => `${field} supera il limite di ${max} caratteri (ne ha ${length})`,
  addressTooLong: (max: number, notesMax: number) =>
    `Indirizzo del destinatario troppo lungo: la prima riga può avere al massimo ${max} caratteri e il complemento, spostato nelle note, al massimo ${notesMax} insieme alle note`,
  zipcodeDomestic: (zip: string) => `CAP non valido: "${zip}" (per l'Italia servono 5 cifre, es. 20121)`,
  zipcodeInternational: (zip: string) => `CAP estero non valido: "${zip}" (al massimo 7 lettere o cifre)`,
  provinceRequired: 'Provincia del destinatario mancante: indica la sigla di 2 lettere (es. MI)',
  provinceInvalid: (province: string) => `Provincia non valida: "${province}" (serve la sigla di 2 lettere, es. MI)`,
  countryInvalid: (country: string) => `Nazione non valida: "${country}" (serve il codice di 2 lettere, es. FR)`,
  parcelsRequired: 'Indica almeno un collo',
  tooManyParcels: (max: number) => `Una spedizione GLS può avere al massimo ${max} colli`,
  weightInvalid: 'Il peso di ogni collo deve essere maggiore di zero',
  weightTooLarge: (maxKg: number) => `Il peso di un collo non può superare ${maxKg} kg`,
  cashOnDeliveryInvalid: 'Importo del contrassegno non valido',
  /** GLS answered `NumeroSpedizione` 999999999: it accepted the call but assigned no number. */
  noShipmentNumber: (note: string) =>
    note
      ? `GLS Italia non ha assegnato un numero di spedizione: ${note}`
      : 'GLS Italia non ha assegnato un numero di spedizione: controlla i dati del destinatario',
  /** GLS answered `DescrizioneSedeDestino` "ERRORE": no destination branch for the address. */
  noDestinationBranch: (note: string) =>
    note
      ? `GLS Italia non trova una sede di destinazione per questo indirizzo: ${note}`
      : 'GLS Italia non trova una sede di destinazione per questo indirizzo: controlla CAP e località',
  /** Accepted, but GLS does not know the street ("GLS Check"): a warning on the label result. */
  glsCheckWarning: (reason: string) =>
    `GLS Italia non riconosce l'indirizzo (GLS Check)${reason ? `: ${reason}` : ''}. La spedizione è stata creata: verifica l'indirizzo con il destinatario.`,
  labelMissing: "GLS Italia non ha restituito l'etichetta PDF della spedizione",
  splitShipment: 'GLS Italia ha diviso i colli in più spedizioni: crea una spedizione per volta con al massimo 99 colli',

  // DeleteSped
  cancelRefused: (reason: string) => `GLS Italia non permette di annullare la spedizione: ${reason}`,
  shipmentUnknown: (number: string) => `GLS Italia non conosce la spedizione ${number} (già annullata o mai creata)`,
  shipmentNumberInvalid: (number: string) => `Numero di spedizione GLS non valido: "${number}" (servono 9 cifre)`,

  // CloseWorkDay
  closeNumberInvalid: 'Numero di spedizione non valido: servono 9 cifre',
  closeMissingOutcome: 'GLS Italia non ha risposto per questa spedizione',

  // Tracking
  trackingNotYetAvailable: (trackingNumber: string) =>
    `GLS Italia non ha ancora informazioni sulla spedizione ${trackingNumber}: i dati arrivano a GLS dopo la chiusura della giornata`,

  // Anything else GLS refused (a fatal DescrizioneErrore outside login: bad XML, a feature not enabled)
  requestRefused: (reason: string) => `GLS Italia ha rifiutato la richiesta: ${reason}`,
  badResponse: 'GLS Italia ha risposto in un formato non riconosciuto. Riprova più tardi.',
} as const;
