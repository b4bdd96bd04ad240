/**
 * Times and money as people read them in generated texts (notices, records, SMS, PDFs, errors):
 * every time on the platform's wall clock (`TZ`, Asia/Shanghai by default), never UTC ISO text.
 */
const zone = () => process.env.TZ || 'Asia/Shanghai';

// A formatter costs far more to build than to use (an export formats a time per row and column).
let formatter: { zone: string; f: Intl.DateTimeFormat } | undefined;
const formatterOf = (timeZone: string) => {
  if (formatter?.zone !== timeZone) formatter = { zone: timeZone, f: wallClock(timeZone) };
  return formatter.f;
};
const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

const parts = (d: Date) => {
  const f = formatterOf(zone());
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value])) as Record<string, string>;
};

/** `2026-11-26 15:56`, the platform's wall time; `seconds` adds `:07` (a bid's time). */
export function platformTime(d: Date, seconds = false): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** `¥1,234.50` of an amount in fen. */
export const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The platform's zone as people read it beside a time: `Asia/Shanghai, GMT+8`. */
export function platformZone(d = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone(), timeZoneName: 'shortOffset' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${zone()}, ${offset ?? 'GMT'}`;
}
