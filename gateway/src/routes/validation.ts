import type { z } from 'zod';
import { italianErrorMap } from '@smista/contracts';
import { validationError } from '../middleware/errors';

/**
 * Parses input at the edge; a failure is a 400 with the first issue's message. The schemas' own
 * messages (spec §5) win; where a schema says nothing, the contracts' Italian error map speaks
 * ('Campo obbligatorio', 'Il valore può contenere al massimo 254 caratteri', ...).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: italianErrorMap });
  if (!result.success) throw validationError(result.error);
  return result.data;
}
