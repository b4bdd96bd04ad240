import { parseInstant } from '@/shared/lib/instant';

/** Platform time zone (spec §9): every time is shown as Asia/Shanghai wall time, y-m-d h:i. */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A UTC ISO string (or Date) as `YYYY-MM-DD HH:mm` in the platform time zone. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = parseInstant(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(timeFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Fen (integer) as ¥ with two decimals. */
export function formatMoney(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  return `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Localised name: the Chinese field when the interface is Chinese and it is set. */
export function localName(language: string, name: string, nameZh?: string | null): string {
  return language === 'zh-CN' && nameZh ? nameZh : name;
}
