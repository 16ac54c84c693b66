import { messages } from './messages';

/**
 * Characters that never belong in a name, an address or a label a person types, and that a person
 * cannot see: the bidirectional controls (U+202A–U+202E overrides and embeddings, U+2066–U+2069
 * isolates, the LRM/RLM/ALM marks) that make 'Bottega‮oiraM' show as 'BottegaMario' reversed in the
 * merchant switcher, the team page and invite e-mails; the zero-width and invisible format
 * characters (U+200B, U+2060–U+2064, U+FEFF, U+180E, the soft hyphen, interlinear annotations) that
 * make two names look the same; and the C0/C1 control characters but tab, line feed and carriage
 * return. The zero-width joiner and non-joiner (U+200C, U+200D) stay: emoji sequences and several
 * scripts need them, and they reorder nothing.
 */
const HIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/u;

/**
 * Whether the text holds a character of {@link HIDDEN_CHARACTER}.
 *
 * @example hasHiddenCharacters('Bottega\u202Eoiram') // true
 * @example hasHiddenCharacters('Caffè 👨‍👩‍👧') // false
 */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

/** The Italian message of a refused text: for zod refinements and the services' own checks. */
export const hiddenCharactersMessage = messages.validation.hiddenCharacters;

/** A zod refinement for free-text fields: `z.string().trim().refine(...visibleText)`. */
export const visibleText = [(text: string) => !hasHiddenCharacters(text), { message: hiddenCharactersMessage }] as const;
