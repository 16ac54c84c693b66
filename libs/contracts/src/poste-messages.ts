/**
 * Italian texts of the Poste Italiane adapters (services/carriers/src/adapters/poste-delivery and
 * poste-letters): what the merchant reads when Poste Delivery Business refuses credentials, a
 * shipment or a tracking request, and the words Smista prints on the labels and the acceptance
 * list ("distinta") of the letter services. Poste's own words are quoted where it gave some.
 */

/** The Poste Delivery Business waybill fields a merchant can fix, named as the merchant knows them. */
export const posteFieldNames = {
  nameSurname: 'Nome del destinatario',
  contactName: 'Referente del destinatario',
  address: 'Indirizzo del destinatario',
  zipCode: 'CAP del destinatario',
  city: 'Città del destinatario',
  province: 'Provincia del destinatario',
  country: 'Nazione del destinatario',
  email: 'Email del destinatario',
  phone: 'Telefono del destinatario',
  senderNameSurname: 'Nome del mittente',
  senderAddress: 'Indirizzo del mittente',
  senderZipCode: 'CAP del mittente',
  senderCity: 'Città del mittente',
  senderProvince: 'Provincia del mittente',
  description: 'Descrizione del contenuto',
} as const;
export type PosteFieldName = keyof typeof posteFieldNames;

/** The four letter services with a code pool, as their names are printed. */
export const posteLetterServiceNames = {
  posta_1: 'Posta1',
  posta_rc: 'Raccomandata',
  posta_pr_intl: 'Postapriority Internazionale',
  posta_rc_intl: 'Raccomandata Internazionale',
} as const;

const PDB = 'Poste Delivery Business';

export const posteMessages = {
  provider: PDB,

  // Session (POST /user/sessions)
  credentialsRefused: (reason: string) => `${PDB} ha rifiutato le credenziali: ${reason}`,
  credentialsRefusedNoReason: `${PDB} ha rifiutato le credenziali: controlla Client ID e Client Secret`,

  // Waybill, checked before sending (what Poste would refuse, named as the merchant knows it)
  labelRefused: (reason: string) => `${PDB} ha rifiutato la spedizione: ${reason}`,
  fieldRequired: (field: string) => `${field} obbligatorio`,
  fieldTooLong: (field: string, length: number, max: number) => `${field} troppo lungo (${length} caratteri, al massimo ${max})`,
  zipCodeDomestic: (zip: string) => `CAP non valido: "${zip}" (per l'Italia servono 5 cifre, es. 20121)`,
  zipCodeInternational: (zip: string) => `CAP estero non valido: "${zip}" (al massimo 25 lettere o cifre)`,
  provinceRequired: 'Provincia del destinatario mancante: indica la sigla di 2 lettere (es. MI)',
  provinceInvalid: (province: string) => `Provincia non valida: "${province}" (serve la sigla di 2 lettere, es. MI)`,
  senderProvinceInvalid: (province: string) =>
    `Provincia del mittente non valida: "${province}" (serve la sigla di 2 lettere, es. MI): correggi l'indirizzo di ritiro in Impostazioni > Indirizzi`,
  senderZipCodeInvalid: (zip: string) =>
    `CAP del mittente non valido: "${zip}" (per l'Italia servono 5 cifre): correggi l'indirizzo di ritiro in Impostazioni > Indirizzi`,
  countryUnsupported: (country: string) => `Nazione non servita da ${PDB}: "${country}"`,
  productUnknown: (product: string) =>
    `Servizio Poste Delivery non valido: "${product}" (usa APT000901 Express, APT000902 Standard, APT000903 Internazionale Express o APT000904 Internazionale Standard)`,
  productDomesticOnly: (product: string, country: string) =>
    `Il servizio ${product} vale solo per l'Italia: per spedire in ${country} scegli un servizio internazionale nella connessione`,
  productInternationalOnly: (product: string) => `Il servizio ${product} vale solo per l'estero: per l'Italia scegli Express o Standard nella connessione`,
  internationalFieldRequired: (field: string) => `${field} obbligatorio per le spedizioni internazionali`,
  phoneInvalid: (phone: string) => `Telefono del destinatario non valido: "${phone}" (al massimo 15 cifre, con + iniziale facoltativo)`,
  emailInvalid: (email: string) => `Email del destinatario non valida: "${email}"`,
  parcelsRequired: 'Indica almeno un collo',
  tooManyParcels: (max: number) => `Una spedizione ${PDB} può avere al massimo ${max} colli`,
  weightInvalid: 'Il peso di ogni collo deve essere maggiore di zero',
  weightTooLarge: (maxKg: number) => `Il peso di un collo non può superare ${maxKg} kg`,
  dimensionInvalid: 'Le dimensioni di un collo devono essere centimetri interi maggiori di zero',
  cashOnDeliveryInternational: `Il contrassegno non è disponibile per le spedizioni internazionali ${PDB}`,
  cashOnDeliveryInvalid: 'Importo del contrassegno non valido',

  // Waybill, answered
  noWaybill: `${PDB} non ha restituito la lettera di vettura`,
  labelMissing: `${PDB} non ha restituito il link all'etichetta PDF`,
  labelNotPdf: `L'etichetta scaricata da ${PDB} non è un PDF valido`,

  // Tracking
  shipmentUnknown: (number: string) => `${PDB} non conosce la spedizione ${number}`,
  trackingRefused: (reason: string) => `${PDB} non ha fornito il tracking: ${reason}`,

  // Anything else
  requestRefused: (reason: string) => `${PDB} ha rifiutato la richiesta: ${reason}`,
  badResponse: `${PDB} ha risposto in un formato non riconosciuto. Riprova più tardi.`,

  // Cancellation: Poste Delivery Business offers none; before a waybill is voided in Smista only,
  // its tracking says whether Poste already has the parcel.
  voidRefused: (number: string, lastEvent: string) =>
    `${PDB} ha già preso in carico il pacco ${number} (${lastEvent}): la spedizione non si può più annullare. Chiedi a Poste il ritorno al mittente.`,
  voidChecked: (number: string) => `${PDB} non ha ancora preso in carico il pacco ${number}`,

  /** Operations Poste Delivery Business does not document (the kit's NotSupportedError names them). */
  operations: {
    cancelShipment: 'annullamento spedizione',
    closeWorkday: 'chiusura giornata',
  },

  /** The letter services (Posta1, Raccomandata, Postapriority and Raccomandata Internazionale). */
  letters: {
    noCodesAvailable: (service: string) => `Nessun codice di tracciamento disponibile per ${service}: aggiungi codici al corriere`,
    codeNotPrintable: (code: string) => `Il codice "${code}" non si può stampare come codice a barre: usa solo lettere, cifre e simboli ASCII`,
    domesticOnly: (service: string) => `${service} vale solo per l'Italia (con San Marino e Città del Vaticano): per l'estero usa un servizio internazionale`,
    internationalOnly: (service: string) => `${service} vale solo per l'estero: per l'Italia usa Posta1 o Raccomandata`,
    recipientIncomplete: (detail: string) => `Destinatario incompleto per l'etichetta: ${detail}`,
    cancelled: (code: string) => `Spedizione annullata: non consegnare a Poste Italiane la lettera con il codice ${code}`,
    operations: {
      closeWorkday: 'chiusura giornata (le lettere si consegnano con la distinta)',
      track: 'tracking',
    },
    label: {
      sender: 'Mittente',
      recipient: 'Destinatario',
      reference: 'Rif.',
      order: 'Ordine',
      date: 'Data',
      content: 'Contenuto',
      /** The registered-mail mark printed in a box (UPU CN 04). */
      registeredMark: 'R',
      /** The priority mark of international priority letters (UPU CN 15). */
      priorityMark: 'PRIORITAIRE',
    },
    distinta: {
      title: (service: string) => `Distinta di accettazione — ${service}`,
      csvHeader: ['Progressivo', 'Codice', 'Servizio', 'Destinatario', 'Indirizzo', 'CAP', 'Città', 'Provincia', 'Paese', 'Riferimento', 'Data'],
      columns: { progressivo: 'N.', code: 'Codice', recipient: 'Destinatario', address: 'Indirizzo', postalCode: 'CAP', city: 'Città' },
      sender: 'Mittente',
      connection: 'Connessione',
      date: 'Data',
      noRows: 'Nessun invio in questa data',
      total: (n: number) => (n === 1 ? 'Totale: 1 invio' : `Totale: ${n} invii`),
      page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
      signatureSender: 'Firma del mittente',
      signatureOffice: "Timbro e firma dell'ufficio accettante",
    },
  },
} as const;
