/** Dates as GLS Italy writes them: Italian local time (Europe/Rome), `dd/mm/yy` and `HH:MM`. */

const romeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function romeParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(romeFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** `dd/mm/yy` in Rome. */
export function glsDate(at: Date): string {
  const p = romeParts(at);
  return `${p.day}/${p.month}/${p.year.slice(2)}`;
}

/** `HH:MM` in Rome. */
export function glsTime(at: Date): string {
  const p = romeParts(at);
  return `${p.hour}:${p.minute}`;
}

/** `YYYY-MM-DD` in Rome: the working day a shipment belongs to. */
export function romeDay(at: Date): string {
  const p = romeParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}
