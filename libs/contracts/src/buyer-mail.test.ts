import { buyerMailDraftSchema, buyerMailMessages, buyerMailSettingsSchema, defaultBuyerMailTemplates, fillBuyerMailTemplate, unknownPlaceholders } from './buyer-mail';

describe('buyer e-mail templates', () => {
  it('name the unknown placeholders once each; spaces inside braces are allowed', () => {
    expect(unknownPlaceholders('Ciao {{ cliente }}, {{clinte}} {{clinte}} {{}}')).toEqual(['clinte', '']);
    for (const t of Object.values(defaultBuyerMailTemplates)) expect(unknownPlaceholders(t.subject + t.body)).toEqual([]);
  });

  it('fill the known ones and leave the rest', () => {
    const values = { cliente: 'Ada', negozio: 'N', ordine: '1', corriere: 'GLS', tracking: 'T', link_tracciamento: 'L', consegna_prevista: '', messaggio_corriere: '' };
    expect(fillBuyerMailTemplate('Ciao {{cliente}} {{ ordine }} {{x}}', values)).toBe('Ciao Ada 1 {{x}}');
  });

  it('validate as the screen and the service do', () => {
    const draft = { kind: 'shipped', subject: 'Ok {{ordine}}', body: 'Riga\r\nRiga', senderName: 'Bottega', replyTo: '' };
    expect(buyerMailDraftSchema.parse(draft).body).toBe('Riga\nRiga');
    const issue = (input: unknown) => buyerMailDraftSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...draft, subject: ' ' })).toBe(buyerMailMessages.subjectRequired);
    expect(issue({ ...draft, body: 'Ciao {{nome}}' })).toBe(buyerMailMessages.unknownPlaceholder(['nome']));
    expect(issue({ ...draft, senderName: 'A <b>' })).toBe(buyerMailMessages.senderNameInvalid);
    expect(issue({ ...draft, replyTo: 'no' })).toBe(buyerMailMessages.replyToInvalid);
    expect(issue({ ...draft, body: 'a\u0000b' })).toBeDefined();
    expect(issue({ ...draft, kind: 'spam' })).toBe(buyerMailMessages.kindInvalid);
    expect(issue({ ...draft, body: 'x'.repeat(5001) })).toBe(buyerMailMessages.bodyTooLong);
  });

  it('the whole settings need every kind', () => {
    const t = { enabled: true, ...defaultBuyerMailTemplates.shipped };
    expect(buyerMailSettingsSchema.safeParse({ enabled: true, senderName: '', replyTo: '', templates: { shipped: t } }).success).toBe(false);
    expect(buyerMailSettingsSchema.safeParse({ enabled: true, senderName: '', replyTo: 'a@b.it', templates: { shipped: t, out_for_delivery: t, delivered: t, held: t } }).success).toBe(true);
  });
});
