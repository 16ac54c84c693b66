import { destinationRefusal, posteMessages } from '@smista/contracts';
import type { LabelRequest } from '../adapter';
import { isCode128Encodable } from './code128';
import { labelRefused, noCodesAvailable } from './errors';
import type { PosteLetterSettings } from './settings';
import { addressLines, clean, italianDate, letterService } from './units';

/** Everything a letter label prints, decided before drawing (pure; `label-pdf.ts` draws it). */
export interface LetterLabel {
  /** The pool code: the barcode and its clear text. */
  code: string;
  /** `Posta1`, `Raccomandata`, `Postapriority Internazionale`, `Raccomandata Internazionale`. */
  service: string;
  registered: boolean;
  priority: boolean;
  /** `dd/mm/yyyy`, Italian time. */
  date: string;
  reference: string;
  orderId?: string;
  content?: string;
  sender: ReturnType<typeof addressLines>;
  recipient: ReturnType<typeof addressLines>;
}

/**
 * The label of one letter: the code the service took from the pool (`request.poolCode`), the
 * service's marks and both addresses. Throws {@link CarrierError} `NO_CODES_AVAILABLE` without a
 * code, `LABEL_REFUSED` for a code no barcode can carry, a destination the service does not serve
 * (a domestic service abroad or the other way round) or a recipient the postman could not find.
 *
 * @example buildLetterLabel({ carrierCode: 'posta_rc', carrierName: 'Raccomandata' }, { ...request, poolCode: '2IUP00000001' }, new Date())
 * // { code: '2IUP00000001', service: 'Raccomandata', registered: true, … }
 */
export function buildLetterLabel(settings: PosteLetterSettings, request: LabelRequest, at: Date): LetterLabel {
  const code = (request.poolCode ?? '').trim();
  if (!code) throw noCodesAvailable(settings.carrierName);
  if (!isCode128Encodable(code)) throw labelRefused(posteMessages.letters.codeNotPrintable(code));

  const service = letterService(settings.carrierCode);
  // The same check the shipping rules make before choosing this service for an order.
  const refusal = destinationRefusal({ carrierCode: settings.carrierCode }, request.recipient.countryCode);
  if (refusal) throw labelRefused(refusal);

  const recipient = addressLines(request.recipient);
  if (!recipient.name) throw labelRefused(posteMessages.letters.recipientIncomplete('nome mancante'));
  if (recipient.lines.length === 0) throw labelRefused(posteMessages.letters.recipientIncomplete('indirizzo mancante'));
  if (!clean(request.recipient.city)) throw labelRefused(posteMessages.letters.recipientIncomplete('città mancante'));

  const orderId = clean(request.orderId);
  const content = clean(request.contentDescription);
  return {
    code,
    service: service.printedName,
    registered: service.registered,
    priority: service.priority,
    date: italianDate(at),
    reference: clean(request.reference),
    ...(orderId ? { orderId } : {}),
    ...(content ? { content } : {}),
    sender: addressLines(request.sender),
    recipient,
  };
}
