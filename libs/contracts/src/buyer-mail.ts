import { z } from 'zod';
import { emailSchema } from './schemas';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text';

/**
 * Issue 26: the e-mails a merchant may send its buyers about a parcel, in the merchant's name.
 * Off by default; each kind is chosen and worded by the merchant (Impostazioni › E-mail ai
 * clienti), previewed, tried on the merchant's own address, and sent once per shipment and kind.
 */
export const buyerMailKinds = ['shipped', 'out_for_delivery', 'delivered', 'held'] as const;
export type BuyerMailKind = (typeof buyerMailKinds)[number];

export const isBuyerMailKind = (value: string): value is BuyerMailKind => (buyerMailKinds as readonly string[]).includes(value);

export const buyerMailKindLabels: Readonly<Record<BuyerMailKind, string>> = {
  shipped: 'Spedito',
  out_for_delivery: 'In consegna',
  delivered: 'Consegnato',
  held: 'In giacenza: cosa fare',
};

/** When each kind goes out, as the settings screen explains it. */
export const buyerMailKindHints: Readonly<Record<BuyerMailKind, string>> = {
  shipped: "Quando l'etichetta è creata, con il link alla pagina di tracciamento.",
  out_for_delivery: 'Quando il corriere segnala che il pacco è in consegna.',
  delivered: 'Quando il corriere segnala la consegna.',
  held: 'Quando il pacco va in giacenza, con le istruzioni per ritirarlo o farlo riconsegnare.',
};

/**
 * The placeholders a template may use, `{{name}}`, with what each becomes. Any other `{{…}}` is
 * refused when saving, so a typo never reaches a buyer as raw braces.
 */
export const buyerMailPlaceholders = {
  cliente: 'Nome del destinatario',
  negozio: 'Nome del tuo negozio',
  ordine: "Numero dell'ordine sul marketplace",
  corriere: 'Nome del corriere',
  tracking: 'Numero di tracciamento',
  link_tracciamento: 'Link alla pagina di tracciamento',
  consegna_prevista: 'Data di consegna promessa (vuota se il marketplace non la indica)',
  messaggio_corriere: "Ultimo messaggio del corriere (es. dove si trova il pacco in giacenza)",
} as const;
export type BuyerMailPlaceholder = keyof typeof buyerMailPlaceholders;
export type BuyerMailValues = Readonly<Record<BuyerMailPlaceholder, string>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The `{{…}}` names a template uses that are not placeholders (in order, once each). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) if (!(match[1]! in buyerMailPlaceholders)) unknown.add(match[1]!);
  return [...unknown];
}

/**
 * A template with its placeholders replaced by the values as they are (the HTML layout escapes
 * them; the plain-text part needs no escaping).
 *
 * @example fillBuyerMailTemplate('Ciao {{cliente}}', values) // 'Ciao Mario Rossi'
 */
export function fillBuyerMailTemplate(template: string, values: BuyerMailValues): string {
  return template.replace(PLACEHOLDER, (raw, name: string) => (name in values ? values[name as BuyerMailPlaceholder] : raw));
}

/** The Italian templates a merchant starts from (and returns to with 'Ripristina testo predefinito'). */
export const defaultBuyerMailTemplates: Readonly<Record<BuyerMailKind, { subject: string; body: string }>> = {
  shipped: {
    subject: 'Il tuo ordine {{ordine}} è stato spedito',
    body: [
      'Ciao {{cliente}},',
      'il tuo ordine {{ordine}} è pronto ed è stato affidato a {{corriere}}. Il numero di tracciamento è {{tracking}}.',
      'Puoi seguire il pacco in ogni momento da qui: {{link_tracciamento}}',
      'Grazie per aver acquistato da {{negozio}}.',
    ].join('\n\n'),
  },
  out_for_delivery: {
    subject: 'Il tuo ordine {{ordine}} è in consegna oggi',
    body: [
      'Ciao {{cliente}},',
      '{{corriere}} ci segnala che il pacco del tuo ordine {{ordine}} è in consegna oggi. Se puoi, fai in modo che qualcuno sia presente per riceverlo.',
      'Segui la consegna qui: {{link_tracciamento}}',
      'A presto,\n{{negozio}}',
    ].join('\n\n'),
  },
  delivered: {
    subject: 'Il tuo ordine {{ordine}} è stato consegnato',
    body: [
      'Ciao {{cliente}},',
      '{{corriere}} ci segnala che il pacco del tuo ordine {{ordine}} è stato consegnato.',
      'Se non lo trovi o qualcosa non va, rispondi a questa e-mail: ti aiutiamo subito.',
      'Grazie ancora,\n{{negozio}}',
    ].join('\n\n'),
  },
  held: {
    subject: 'Il pacco del tuo ordine {{ordine}} è in giacenza: cosa fare',
    body: [
      'Ciao {{cliente}},',
      '{{corriere}} non è riuscito a consegnare il pacco del tuo ordine {{ordine}} e lo tiene in giacenza. Il messaggio del corriere: {{messaggio_corriere}}',
      'Cosa fare:\n1. Contatta {{corriere}} con il numero di tracciamento {{tracking}} per chiedere una nuova consegna o ritirare il pacco.\n2. Fallo presto: trascorso il periodo di giacenza il pacco torna al mittente.\n3. Per qualsiasi dubbio rispondi a questa e-mail.',
      'Lo stato aggiornato del pacco è qui: {{link_tracciamento}}',
      '{{negozio}}',
    ].join('\n\n'),
  },
};

export const buyerMailLimits = {
  subjectMax: 200,
  bodyMax: 5000,
  senderNameMax: 70,
} as const;

export const buyerMailMessages = {
  subjectRequired: "L'oggetto è obbligatorio",
  subjectTooLong: `L'oggetto può contenere al massimo ${buyerMailLimits.subjectMax} caratteri`,
  subjectOneLine: "L'oggetto deve stare su una sola riga",
  bodyRequired: 'Il testo è obbligatorio',
  bodyTooLong: `Il testo può contenere al massimo ${buyerMailLimits.bodyMax} caratteri`,
  unknownPlaceholder: (names: readonly string[]) =>
    `${names.length === 1 ? 'Segnaposto sconosciuto' : 'Segnaposto sconosciuti'}: ${names.map((n) => `{{${n}}}`).join(', ')}. Quelli disponibili: ${Object.keys(buyerMailPlaceholders)
      .map((n) => `{{${n}}}`)
      .join(', ')}.`,
  senderNameTooLong: `Il nome del mittente può contenere al massimo ${buyerMailLimits.senderNameMax} caratteri`,
  senderNameInvalid: 'Il nome del mittente non può contenere i caratteri < > " né andare a capo',
  replyToInvalid: 'Inserisci un indirizzo email valido per le risposte',
  kindInvalid: 'Tipo di e-mail non valido',
  adminOnly: 'Solo un amministratore può cambiare le e-mail ai clienti',
  saved: 'Impostazioni delle e-mail salvate',
  testSent: (to: string) => `E-mail di prova inviata a ${to}`,
  testNotSent: "Impossibile inviare l'e-mail di prova: il server di posta non risponde. Riprova tra qualche minuto.",
  testTooMany: 'Hai inviato troppe e-mail di prova: riprova tra qualche minuto.',
} as const;

const oneLine = (text: string) => !/[\r\n]/.test(text);

const subjectSchema = z
  .string(buyerMailMessages.subjectRequired)
  .trim()
  .min(1, buyerMailMessages.subjectRequired)
  .max(buyerMailLimits.subjectMax, buyerMailMessages.subjectTooLong)
  .refine(oneLine, buyerMailMessages.subjectOneLine)
  .refine((t) => !hasHiddenCharacters(t), hiddenCharactersMessage)
  .superRefine((t, ctx) => {
    const unknown = unknownPlaceholders(t);
    if (unknown.length) ctx.addIssue({ code: 'custom', message: buyerMailMessages.unknownPlaceholder(unknown) });
  });

const bodySchema = z
  .string(buyerMailMessages.bodyRequired)
  // Line ends as typed on any system become \n; trailing blanks go.
  .transform((t) => t.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, buyerMailMessages.bodyRequired)
      .max(buyerMailLimits.bodyMax, buyerMailMessages.bodyTooLong)
      .refine((t) => !hasHiddenCharacters(t), hiddenCharactersMessage)
      .superRefine((t, ctx) => {
        const unknown = unknownPlaceholders(t);
        if (unknown.length) ctx.addIssue({ code: 'custom', message: buyerMailMessages.unknownPlaceholder(unknown) });
      }),
  );

/** The display name of the From header: the shop's name by default; no header-breaking characters. */
export const senderNameSchema = z
  .string()
  .trim()
  .max(buyerMailLimits.senderNameMax, buyerMailMessages.senderNameTooLong)
  .refine((t) => !/[<>"\r\n]/.test(t), buyerMailMessages.senderNameInvalid)
  .refine((t) => !hasHiddenCharacters(t), hiddenCharactersMessage);

/** Where the buyer's answers go; empty: the deployment's sender address. */
export const replyToSchema = z
  .string()
  .trim()
  .max(254, buyerMailMessages.replyToInvalid)
  .refine((t) => t === '' || z.email().safeParse(t).success, buyerMailMessages.replyToInvalid);

export const buyerMailTemplateSchema = z.object({
  enabled: z.boolean(),
  subject: subjectSchema,
  body: bodySchema,
});
export type BuyerMailTemplateInput = z.infer<typeof buyerMailTemplateSchema>;

/** `PUT /api/buyer-emails`: the whole settings, every kind. */
export const buyerMailSettingsSchema = z.object({
  enabled: z.boolean(),
  senderName: senderNameSchema,
  replyTo: replyToSchema,
  templates: z.object({
    shipped: buyerMailTemplateSchema,
    out_for_delivery: buyerMailTemplateSchema,
    delivered: buyerMailTemplateSchema,
    held: buyerMailTemplateSchema,
  }),
});
export type BuyerMailSettingsInput = z.infer<typeof buyerMailSettingsSchema>;

/** `POST /api/buyer-emails/preview` and `/test`: one kind as it stands in the form (saved or not). */
export const buyerMailDraftSchema = z.object({
  kind: z.enum(buyerMailKinds, buyerMailMessages.kindInvalid),
  subject: subjectSchema,
  body: bodySchema,
  senderName: senderNameSchema,
  replyTo: replyToSchema,
});
export type BuyerMailDraftInput = z.infer<typeof buyerMailDraftSchema>;

/** The texts of the settings screen (frontends/settings) and of the buyer's unsubscribe page. */
export const buyerMailTexts = {
  tabLabel: 'E-mail ai clienti',
  title: 'E-mail ai clienti',
  description:
    'Avvisa i tuoi clienti a ogni passo della spedizione con e-mail a nome del tuo negozio. Ogni e-mail parte una sola volta per spedizione.',
  enabled: 'Invia e-mail ai clienti',
  enabledHint: 'Disattivato: nessuna e-mail parte, qualunque cosa sia scelta qui sotto.',
  sender: 'Mittente',
  senderName: 'Nome del mittente',
  senderNamePlaceholder: 'Il nome del tuo negozio',
  replyTo: 'Rispondi a',
  replyToPlaceholder: 'assistenza@tuonegozio.it',
  replyToHint: 'Le risposte dei clienti arrivano a questo indirizzo.',
  fromAddress: 'Indirizzo di invio',
  fromAddressHint:
    "Le e-mail partono da questo indirizzo. Per i clienti Amazon aggiungilo tra gli indirizzi autorizzati in Seller Central (Impostazioni › Autorizzazioni messaggi), altrimenti Amazon le rifiuta.",
  subject: 'Oggetto',
  body: 'Testo',
  placeholdersTitle: 'Segnaposto disponibili',
  restoreDefault: 'Ripristina testo predefinito',
  preview: 'Anteprima',
  previewTitle: (kind: string) => `Anteprima dell'e-mail "${kind}"`,
  sendTest: 'Invia una prova',
  sendTestHint: (email: string) => `La prova arriva a ${email}, con un pacco di esempio.`,
  save: 'Salva',
  saving: 'Salvataggio…',
  unsaved: 'Modifiche non salvate',
  relayNote:
    "Indirizzi anonimi dei marketplace: eBay inoltra le e-mail al cliente. Amazon invia già le proprie notifiche di spedizione e consegna e non ammette link esterni: ai clienti Amazon parte solo l'e-mail di giacenza, senza link.",
  sampleBanner: 'Esempio',
  // The settings screen's other words (states, buttons, the preview's headers).
  loadFailed: 'Impossibile caricare le impostazioni delle e-mail ai clienti.',
  readOnly: 'Solo un amministratore può cambiare le e-mail ai clienti: puoi vederle e provarne l\'anteprima.',
  kindEnabled: 'Invia questa e-mail',
  customised: 'Personalizzato',
  insertPlaceholder: (name: string) => `Inserisci {{${name}}}`,
  placeholdersHint: 'Tocca un segnaposto per inserirlo nel punto in cui stai scrivendo (oggetto o testo).',
  previewDescription: 'Così la vedrà il cliente, con un pacco di esempio e i dati del tuo negozio.',
  previewFailed: "Impossibile preparare l'anteprima",
  previewSubject: 'Oggetto',
  previewFrom: 'Da',
  previewReplyTo: 'Rispondi a',
  previewFrameTitle: "Anteprima dell'e-mail",
  sendingTest: 'Invio in corso…',
  testFailed: "E-mail di prova non inviata",
  saveFailed: 'Impossibile salvare le impostazioni',
  invalidForm: 'Controlla i campi evidenziati',
  close: 'Chiudi',
  // The shipment's drawer (frontends/shipments): what became of each e-mail to the buyer.
  drawerTitle: 'E-mail al cliente',
  drawerSentAt: (when: string) => `Inviata il ${when}`,
  drawerQueuedAt: (when: string) => `In coda dal ${when}`,
  drawerNotedAt: (when: string) => `Registrata il ${when}`,
  // The buyer's unsubscribe page (gateway, `/u/{token}`).
  unsubscribeTitle: 'Disiscrizione',
  unsubscribeQuestion: (merchant: string) => `Non vuoi più ricevere da ${merchant} le e-mail sulle spedizioni dei tuoi ordini?`,
  unsubscribeButton: 'Non inviarmi più queste e-mail',
  unsubscribedTitle: 'Disiscrizione completata',
  unsubscribedText: (merchant: string) => `Non riceverai più da ${merchant} e-mail sulle spedizioni. Puoi sempre seguire i tuoi pacchi dal sito del corriere.`,
  unsubscribeNotFoundTitle: 'Link non valido',
  unsubscribeNotFoundText: 'Questo link di disiscrizione non è valido. Controlla di averlo copiato per intero.',
  // The footer of every e-mail (not for Amazon, whose relay manages opt-outs itself).
  footerWhy: (merchant: string) => `Ricevi questa e-mail perché hai fatto un ordine presso ${merchant}.`,
  footerUnsubscribe: 'Non ricevere più queste e-mail',
} as const;

/** Why a buyer e-mail was not sent, as the shipment's drawer says it. */
export const buyerMailSkipReasons = {
  no_address: "Il cliente non ha un indirizzo email",
  unsubscribed: 'Il cliente ha chiesto di non ricevere più e-mail',
  disabled: 'E-mail ai clienti disattivate nelle impostazioni',
  cancelled: 'Spedizione annullata prima dell\'invio',
  amazon_relay: 'Amazon invia già le proprie notifiche al cliente',
  failed: 'Invio non riuscito dopo vari tentativi',
} as const;
export type BuyerMailSkipReason = keyof typeof buyerMailSkipReasons;

export const buyerMailStatusLabels = {
  pending: 'In attesa di invio',
  sent: 'Inviata',
  skipped: 'Non inviata',
  failed: 'Invio non riuscito',
} as const;
export type BuyerMailStatus = keyof typeof buyerMailStatusLabels;
