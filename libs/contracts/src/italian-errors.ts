import { z } from 'zod';
import { messages } from './messages';

const v = messages.validation;

/** `characters` / `elements` / `value` in the words the messages use for each kind of input. */
function sizeMessage(origin: string, bound: number | bigint | Date, side: 'max' | 'min', inclusive: boolean): string {
  const n = typeof bound === 'number' && !inclusive ? (side === 'max' ? bound - 1 : bound + 1) : bound;
  switch (origin) {
    case 'string':
      return side === 'max' ? v.tooLongChars(Number(n)) : Number(n) <= 1 ? v.required : v.tooShortChars(Number(n));
    case 'array':
    case 'set':
      return side === 'max' ? v.tooManyItems(Number(n)) : v.tooFewItems(Number(n));
    case 'file':
      return side === 'max' ? v.fileTooLarge : v.valueInvalid;
    case 'date':
      return v.valueInvalid;
    default:
      return side === 'max' ? v.numberMax(String(n)) : v.numberMin(String(n));
  }
}

/**
 * Italian for every zod issue a schema does not name itself. Schemas' own messages (spec §5)
 * always win; this map only speaks where they are silent, so no half-English text ("Too big:
 * expected string to have <=254 characters") ever reaches a user. Installed globally when the
 * contracts are imported (below), so the gateway, the services and the forms all share it.
 */
export const italianErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? v.required : v.typeInvalid;
    case 'too_big':
      return sizeMessage(issue.origin, issue.maximum, 'max', issue.inclusive ?? true);
    case 'too_small':
      return sizeMessage(issue.origin, issue.minimum, 'min', issue.inclusive ?? true);
    case 'invalid_format':
      if (issue.format === 'email') return v.emailInvalid;
      if (issue.format === 'uuid' || issue.format === 'guid') return v.idInvalid;
      if (issue.format === 'url') return v.urlInvalid;
      return v.formatInvalid;
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 10
        ? v.oneOf(issue.values.map((x) => String(x)).join(', '))
        : v.valueInvalid;
    case 'unrecognized_keys':
      return v.unknownFields(issue.keys.join(', '));
    case 'not_multiple_of':
      return v.numberInvalid;
    default:
      return v.valueInvalid;
  }
};

z.config({ customError: italianErrorMap });
