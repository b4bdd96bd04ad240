import { parseInstant } from '@/shared/lib/instant';

/** Platform time zone (spec §9): every time is shown as Asia/Shanghai wall time, y-m-d h:i. */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

/**
 * Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so its wall time is the UTC time
 * eight hours on: exact for every time the platform holds, and without Intl's time-zone data, whose
 * loading was the largest single cost of a public page's first script run on a phone.
 */
const PLATFORM_OFFSET_MS = 8 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** A UTC ISO string (or Date) as `YYYY-MM-DD HH:mm` in the platform time zone. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = parseInstant(value);
  if (Number.isNaN(date.getTime())) return '';
  const wall = new Date(date.getTime() + PLATFORM_OFFSET_MS);
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
  );
}

/**
 * Fen (integer) as ¥ with two decimals and thousands separators (`¥270,000.00`), as Intl's en-US
 * number format writes it, by hand: the first Intl.NumberFormat a page makes loads the number data,
 * some 50 ms of a public page's first script run (more on a phone).
 */
export function formatMoney(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  const cents = Math.round(Math.abs(fen));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `¥${fen < 0 && cents > 0 ? '-' : ''}${whole}.${two(cents % 100)}`;
}

/** Localised name: the Chinese field when the interface is Chinese and it is set. */
export function localName(language: string, name: string, nameZh?: string | null): string {
  return language === 'zh-CN' && nameZh ? nameZh : name;
}
