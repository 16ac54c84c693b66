import { buyerMailMessages, buyerMailSettingsSchema, defaultBuyerMailTemplates, type BuyerMailSettingsJson } from '@smista/contracts';
import { ApiError } from '@smista/ui-kit';
import { draftFieldPath, draftOf, formValuesOf, insertAtCursor, refusalsOf, settingsFieldPath, validateDraft } from './buyer-mail-form';

const saved: BuyerMailSettingsJson = {
  enabled: true,
  senderName: 'Bottega Rossi',
  replyTo: 'aiuto@bottega.it',
  fromAddress: 'spedizioni@smista.local',
  merchantName: 'Bottega Rossi srl',
  testRecipient: 'anna@bottega.it',
  templates: {
    shipped: { enabled: true, subject: 'Spedito {{ordine}}', body: 'Ciao {{cliente}}', customised: true },
    out_for_delivery: { ...defaultBuyerMailTemplates.out_for_delivery, enabled: false, customised: false },
    delivered: { ...defaultBuyerMailTemplates.delivered, enabled: true, customised: false },
    held: { ...defaultBuyerMailTemplates.held, enabled: false, customised: false },
  },
};

describe('formValuesOf', () => {
  it('keeps what the form edits and drops what only the screen shows', () => {
    const values = formValuesOf(saved);
    expect(values).toEqual({
      enabled: true,
      senderName: 'Bottega Rossi',
      replyTo: 'aiuto@bottega.it',
      templates: {
        shipped: { enabled: true, subject: 'Spedito {{ordine}}', body: 'Ciao {{cliente}}' },
        out_for_delivery: { ...defaultBuyerMailTemplates.out_for_delivery, enabled: false },
        delivered: { ...defaultBuyerMailTemplates.delivered, enabled: true },
        held: { ...defaultBuyerMailTemplates.held, enabled: false },
      },
    });
  });

  it('gives a body the PUT schema accepts as it is, every kind present', () => {
    const parsed = buyerMailSettingsSchema.safeParse(formValuesOf(saved));
    expect(parsed.success).toBe(true);
    expect(Object.keys(parsed.data!.templates).sort()).toEqual(['delivered', 'held', 'out_for_delivery', 'shipped']);
  });
});

describe('draftOf and validateDraft', () => {
  it("takes one kind as the form holds it, with the sender's fields", () => {
    const values = formValuesOf(saved);
    values.templates.held.subject = 'Giacenza {{ordine}} (non salvato)';
    expect(draftOf(values, 'held')).toEqual({
      kind: 'held',
      subject: 'Giacenza {{ordine}} (non salvato)',
      body: defaultBuyerMailTemplates.held.body,
      senderName: 'Bottega Rossi',
      replyTo: 'aiuto@bottega.it',
    });
  });

  it('passes a good draft, trimmed as the server will read it', () => {
    const values = formValuesOf(saved);
    values.templates.shipped.subject = '  Spedito {{ordine}}  ';
    values.templates.shipped.body = 'Ciao {{cliente}}\r\n\r\n';
    expect(validateDraft(values, 'shipped')).toEqual({
      ok: true,
      body: { kind: 'shipped', subject: 'Spedito {{ordine}}', body: 'Ciao {{cliente}}', senderName: 'Bottega Rossi', replyTo: 'aiuto@bottega.it' },
    });
  });

  it("puts an unknown placeholder and a bad reply address under the kind's and the sender's fields", () => {
    const values = formValuesOf(saved);
    values.templates.delivered.subject = 'Consegnato {{pippo}}';
    values.replyTo = 'non-una-email';
    const checked = validateDraft(values, 'delivered');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.refusals).toEqual([
      { field: 'templates.delivered.subject', message: buyerMailMessages.unknownPlaceholder(['pippo']) },
      { field: 'replyTo', message: buyerMailMessages.replyToInvalid },
    ]);
    expect(checked.refusals[0]!.message).toMatch(/^Segnaposto sconosciuto: \{\{pippo\}\}\. Quelli disponibili: \{\{cliente\}\}/);
  });

  it('says an empty text is required, once per field', () => {
    const values = formValuesOf(saved);
    values.templates.shipped.body = '   ';
    const checked = validateDraft(values, 'shipped');
    expect(checked).toEqual({ ok: false, refusals: [{ field: 'templates.shipped.body', message: buyerMailMessages.bodyRequired }] });
  });
});

describe('field paths', () => {
  it("maps a draft's paths to the kind's fields", () => {
    expect(draftFieldPath('held', 'subject')).toBe('templates.held.subject');
    expect(draftFieldPath('held', 'body')).toBe('templates.held.body');
    expect(draftFieldPath('held', 'replyTo')).toBe('replyTo');
    expect(draftFieldPath('held', 'kind')).toBeNull();
  });

  it("knows the settings' own paths and no other", () => {
    expect(settingsFieldPath('templates.out_for_delivery.body')).toBe('templates.out_for_delivery.body');
    expect(settingsFieldPath('senderName')).toBe('senderName');
    expect(settingsFieldPath('templates.returned.body')).toBeNull();
    expect(settingsFieldPath('')).toBeNull();
  });
});

describe('refusalsOf', () => {
  const badRequest = (body: unknown) => new ApiError(400, JSON.stringify(body));

  it("puts a 400's field errors under their fields, the first of each", () => {
    const error = badRequest({
      message: 'Segnaposto sconosciuto: {{pippo}}',
      errors: [
        { path: 'templates.shipped.subject', message: 'Segnaposto sconosciuto: {{pippo}}' },
        { path: 'templates.shipped.subject', message: "L'oggetto deve stare su una sola riga" },
        { path: 'senderName', message: buyerMailMessages.senderNameInvalid },
      ],
    });
    expect(refusalsOf(error)).toEqual([
      { field: 'templates.shipped.subject', message: 'Segnaposto sconosciuto: {{pippo}}' },
      { field: 'senderName', message: buyerMailMessages.senderNameInvalid },
    ]);
  });

  it("maps a draft's paths with the mapping given", () => {
    const error = badRequest({ message: buyerMailMessages.bodyRequired, errors: [{ path: 'body', message: buyerMailMessages.bodyRequired }] });
    expect(refusalsOf(error, (path) => draftFieldPath('held', path))).toEqual([{ field: 'templates.held.body', message: buyerMailMessages.bodyRequired }]);
  });

  it("keeps a path the form has not as a message for a toast", () => {
    const error = badRequest({ message: 'Tipo di e-mail non valido', errors: [{ path: 'kind', message: 'Tipo di e-mail non valido' }] });
    expect(refusalsOf(error, (path) => draftFieldPath('held', path))).toEqual([{ field: null, message: 'Tipo di e-mail non valido' }]);
  });

  it('turns a 403, 429 or 503 into the server message alone', () => {
    expect(refusalsOf(new ApiError(403, JSON.stringify({ message: buyerMailMessages.adminOnly })))).toEqual([{ field: null, message: buyerMailMessages.adminOnly }]);
    expect(refusalsOf(new ApiError(429, JSON.stringify({ message: buyerMailMessages.testTooMany })))).toEqual([{ field: null, message: buyerMailMessages.testTooMany }]);
    expect(refusalsOf(new ApiError(503, JSON.stringify({ message: buyerMailMessages.testNotSent })))).toEqual([{ field: null, message: buyerMailMessages.testNotSent }]);
    expect(refusalsOf(new TypeError('Failed to fetch'))).toEqual([{ field: null, message: 'Failed to fetch' }]);
  });
});

describe('insertAtCursor', () => {
  it('puts the placeholder where the cursor is and the cursor after it', () => {
    expect(insertAtCursor('Ciao ,', 5, 5, '{{cliente}}')).toEqual({ text: 'Ciao {{cliente}},', cursor: 16 });
  });

  it('replaces a selection', () => {
    expect(insertAtCursor('Ordine NUMERO spedito', 7, 13, '{{ordine}}')).toEqual({ text: 'Ordine {{ordine}} spedito', cursor: 17 });
  });

  it('appends when there is no cursor or it is out of range', () => {
    expect(insertAtCursor('Ciao ', null, null, '{{cliente}}')).toEqual({ text: 'Ciao {{cliente}}', cursor: 16 });
    expect(insertAtCursor('Ciao', 99, 99, '!')).toEqual({ text: 'Ciao!', cursor: 5 });
    expect(insertAtCursor('Ciao', 2, 1, 'X')).toEqual({ text: 'CiXao', cursor: 3 });
  });
});
