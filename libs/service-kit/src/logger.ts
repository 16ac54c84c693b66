import pino, { type Logger } from 'pino';
import { activeTraceIds } from './tracing';

export type { Logger };

/** Keys whose values never reach a log line. */
const redactPaths = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'currentPassword',
  '*.currentPassword',
  'token',
  '*.token',
  'sessionToken',
  '*.sessionToken',
  'callerToken',
  '*.callerToken',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/**
 * pino JSON logger with stable fields: `service`, `trace_id` and `span_id` of the active span (so
 * a line joins its trace), then what the caller binds with the names every service uses: `userId`,
 * `merchantId`, `orderId`, `shipmentId`, `carrier`, `rpc`, `consumer`, `messageId`.
 */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => activeTraceIds() ?? {},
  };
  return destination ? pino(options, destination) : pino(options);
}
