/** Renders pino JSON log lines compactly for a terminal: `time LEVEL msg key=value …`. */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<string, number> = { TRACE: 90, DEBUG: 90, INFO: 32, WARN: 33, ERROR: 31, FATAL: 35 };
/** Fields shown elsewhere on the line (or by the prefix) or of no use when reading. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v', 'name', 'service']);
const PREFIX_COLOURS = [36, 35, 34, 33, 32, 96, 95, 94, 93, 92];

export function paint(text: string, code: number, colour: boolean): string {
  return colour ? `\x1b[${code}m${text}\x1b[0m` : text;
}

function clock(time: unknown): string {
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date();
  const d = Number.isNaN(date.getTime()) ? new Date() : date;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  if (v === null || typeof v !== 'object') return String(v);
  return JSON.stringify(v);
}

/**
 * One pino JSON line → `12:03:04.123 INFO  user registered userId=42`; an `err` field adds its stack
 * on the following lines. Anything that is not a JSON object is returned unchanged.
 */
export function formatLogLine(line: string, colour = false): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(trimmed) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return line;
  const level = typeof entry.level === 'number' ? (LEVELS[entry.level] ?? String(entry.level)) : String(entry.level ?? 'INFO').toUpperCase();
  let stack = '';
  const fields: string[] = [];
  for (const [key, v] of Object.entries(entry)) {
    if (HIDDEN.has(key)) continue;
    if ((key === 'err' || key === 'error') && v && typeof v === 'object' && 'stack' in v) {
      const err = v as { message?: string; stack?: string; type?: string };
      fields.push(`${key}=${value(err.message ?? err.type ?? '')}`);
      stack = String(err.stack ?? '');
      continue;
    }
    fields.push(`${key}=${value(v)}`);
  }
  const head = [
    paint(clock(entry.time), 90, colour),
    paint(level.padEnd(5), LEVEL_COLOURS[level] ?? 0, colour),
    String(entry.msg ?? ''),
    fields.length ? paint(fields.join(' '), 90, colour) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return stack ? `${head}\n${stack}` : head;
}

/** Stable colour per component name. */
export function prefixColour(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PREFIX_COLOURS[h % PREFIX_COLOURS.length];
}

/** `identity  │ ` (padded, coloured): every output line of a component starts with it. */
export function prefixLines(name: string, text: string, width: number, colour: boolean): string {
  const prefix = paint(`${name.padEnd(width)} │`, prefixColour(name), colour);
  return text
    .split('\n')
    .map((l) => `${prefix} ${l}`)
    .join('\n');
}
