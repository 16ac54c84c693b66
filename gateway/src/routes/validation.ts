import { z } from 'zod';
import { messages } from '@smista/contracts';
import { validationError } from '../middleware/errors';

const italian = z.locales.it().localeError;

/**
 * Messages for issues the shared schemas do not name themselves: a missing field reads
 * 'Campo obbligatorio', anything else falls back to zod's Italian locale. The schemas' own
 * messages (spec §5) always win over this map.
 */
export const italianIssues: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return messages.validation.required;
  return italian(issue);
};

/** Parses input at the edge; a failure is a 400 with the first issue's message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: italianIssues });
  if (!result.success) throw validationError(result.error);
  return result.data;
}
