import { z } from 'zod';
import { activityMessages } from '@smista/contracts';
import { loadConfig, serviceEnv } from '@smista/service-kit';
import { parseClock } from './domain/workday';

/**
 * The activity service's environment: the kit's service variables and its own. It calls no peer:
 * everything it knows comes from the other services' events.
 */
export const configSchema = z.object({
  ...serviceEnv(50057),
  /**
   * Local time (Europe/Rome, `HH:MM`) from which a merchant with GLS shipments labelled that day
   * and not closed gets the 'Giornata GLS non chiusa' notification (once per day).
   */
  WORKDAY_REMINDER_AT: z
    .string()
    .trim()
    .default('17:30')
    .transform((v, ctx) => {
      const clock = parseClock(v);
      if (!clock) {
        ctx.addIssue({ code: 'custom', message: activityMessages.clockInvalid });
        return z.NEVER;
      }
      return clock;
    }),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
