/**
 * Times and money as people read them in generated texts (notices, records, SMS, PDFs, errors):
 * every time on the platform's wall clock (`TZ`, Asia/Shanghai by default), never UTC ISO text.
 */
/** The platform's time zone name (`TZ`, Asia/Shanghai by default): its wall clock and its days. */
export const platformTimeZone = () => process.env.TZ || 'Asia/Shanghai';

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
  const f = formatterOf(platformTimeZone());
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value])) as Record<string, string>;
};

/**
 * The zone's offset from UTC at `ms`, in milliseconds, asked of Intl once per zone and quarter
 * hour: zones change their offset on a local whole hour, and offsets are whole quarter hours, so a
 * change falls on a quarter hour of UTC too (Lord Howe's at 15:30 UTC). An export formats
 * hundreds of thousands of times.
 */
const QUARTER = 900_000;
const offsets = new Map<string, number>();
function offsetAt(ms: number): number {
  const key = `${platformTimeZone()}@${Math.floor(ms / QUARTER)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = Math.floor(ms / QUARTER) * QUARTER;
    const p = parts(new Date(at));
    offset = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - at;
    if (offsets.size > 40_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2026-11-26 15:56`, the platform's wall time; `seconds` adds `:07` (a bid's time). */
export function platformTime(d: Date, seconds = false): string {
  const wall = new Date(d.getTime() + offsetAt(d.getTime()));
  const date = `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
  return `${date} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}${seconds ? `:${two(wall.getUTCSeconds())}` : ''}`;
}

/** `¥1,234.50` of an amount in fen. */
export const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The platform's zone as people read it beside a time: `Asia/Shanghai, GMT+8`. */
export function platformZone(d = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: platformTimeZone(), timeZoneName: 'shortOffset' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${platformTimeZone()}, ${offset ?? 'GMT'}`;
}
