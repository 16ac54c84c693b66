import { errorMessageFrom } from '@smista/ui-kit';

/**
 * The `{message}` in a §8 toast such as "Impossibile creare l'indirizzo: {message}": the server's
 * Italian message, else the error's own text.
 */
export function serverMessage(error: unknown): string {
  return errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
}
