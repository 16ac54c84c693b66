import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The namespace of the real service; ASMX puts it on the `<string>` wrapper of every answer. */
export const GLS_NAMESPACE = 'https://labelservice.gls-italy.com/';

/** Escapes text for an element's content or an attribute value. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** `<Name>value</Name>`, escaped; `<Name />` when empty. */
export function element(name: string, value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  return text === '' ? `<${name} />` : `<${name}>${escapeXml(text)}</${name}>`;
}

/**
 * An ASMX string result as the real service sends it over HTTP POST: the XML declaration and a
 * `<string>` element whose text is the payload (an XML document, escaped, or a plain message).
 */
export function asmxString(payload: string): string {
  const text = payload.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${GLS_NAMESPACE}">${text}</string>`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Parcel',
});

export type XmlNode = Record<string, unknown>;

/** Parses a request document; `{ error }` with the validator's reason when it is not well-formed XML. */
export function parseXml(text: string): { doc: XmlNode } | { error: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { error: `${valid.err.msg} (riga ${valid.err.line})` };
  return { doc: parser.parse(text) as XmlNode };
}

/** The text of a child element ('' when absent or empty). */
export function textOf(node: XmlNode | undefined, name: string): string {
  const value = node?.[name];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && '#text' in (value as XmlNode)) return String((value as XmlNode)['#text']);
  return typeof value === 'object' ? '' : String(value);
}

/** The `<Parcel>` children of an `<Info>` element. */
export function parcelsOf(info: XmlNode): XmlNode[] {
  const parcels = info.Parcel;
  return Array.isArray(parcels) ? (parcels.filter((p) => typeof p === 'object' && p !== null) as XmlNode[]) : [];
}
