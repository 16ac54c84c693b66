import pino, { type Logger } from 'pino';

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

/** pino JSON logger with stable fields: `service`, then whatever the caller binds (merchantId, trace_id...). */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
