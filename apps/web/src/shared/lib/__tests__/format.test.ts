import { describe, expect, it } from 'vitest';
import { formatMoney, formatTime, PLATFORM_TIME_ZONE } from '../format';

/** What Intl's time-zone data says the platform's wall time is. */
const reference = (date: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: PLATFORM_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

describe('platform times', () => {
  it('agree with the time-zone data across days, months, years and a leap day', () => {
    const instants = [
      '1992-01-01T00:00:00Z',
      '2024-02-28T16:00:00Z',
      '2024-02-29T23:59:59Z',
      '2026-11-26T15:59:00Z',
      '2026-11-26T16:00:00Z',
      '2026-12-31T16:30:00.999Z',
      '2039-07-01T03:04:05Z',
    ];
    for (const at of instants) expect(formatTime(at), at).toBe(reference(new Date(at)));
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      expect(formatTime(new Date(t))).toBe(reference(new Date(t)));
    }
  });

  it('leave nothing and what is not a time empty', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a time')).toBe('');
  });
});

describe('money', () => {
  it('is yuan with two decimals and thousands separators', () => {
    expect(formatMoney(27_000_000)).toBe('¥270,000.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(null)).toBe('');
  });

  it("writes every amount as Intl's en-US format would, negative ones too", () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [1, 99, 100, 101, 99_999, 100_000, 123_456_789, 100_000_000_000, 999_999_999_999_99];
    for (let i = 0; i < 2_000; i += 1) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 14))));
    for (const fen of amounts.flatMap((a) => (a > 0 ? [a, -a] : [a]))) {
      expect(formatMoney(fen), String(fen)).toBe(`¥${intl.format(fen / 100)}`);
    }
  });
});
