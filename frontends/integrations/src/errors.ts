import { errorMessageFrom } from '@smista/ui-kit';

/**
 * The `{message}` in a §8 toast such as "Impossibile creare l'indirizzo: {message}": the server's
 * Italian message, else the error's own text.
 */
export function serverMessage(error: unknown): string {
  return errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The server's Italian message when it gave one, else `fallback` (spec §8: "the server text where
 * available", the screen's own words otherwise, never a raw "500: ...").
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return errorMessageFrom(error) ?? fallback;
}
