import { afterEach, describe, expect, it } from 'vitest';
import { platformTime } from './format.ts';

/** The wall time as Intl writes it, the reference `platformTime` must agree with. */
function byIntl(timeZone: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (d: Date) => {
    const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

const saved = process.env.TZ;
afterEach(() => {
  process.env.TZ = saved;
});

describe('platformTime', () => {
  it('writes the wall time of the platform zone, also across daylight-saving changes and odd offsets', () => {
    const zones = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    // Every 37 minutes 13 seconds over a year, and each minute around the 2026 changes of New York
    // (8 March, 1 November), London (29 March, 25 October) and Lord Howe (5 April, 4 October).
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 2_233_000) instants.push(t);
    const days = [
      [2, 8],
      [10, 1],
      [2, 29],
      [9, 25],
      [3, 4],
      [9, 3],
    ] as const;
    for (const [month, day] of days)
      for (let t = Date.UTC(2026, month, day) - 3 * 3_600_000; t < Date.UTC(2026, month, day, 20); t += 60_000)
        instants.push(t);
    for (const zone of zones) {
      process.env.TZ = zone;
      const reference = byIntl(zone);
      const wrong = instants
        .map((t) => new Date(t))
        .filter((d) => platformTime(d, true) !== reference(d))
        .map((d) => `${d.toISOString()}: ${platformTime(d, true)} for ${reference(d)}`);
      expect(wrong, zone).toEqual([]);
    }
  });

  it('leaves the seconds out unless asked', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(platformTime(new Date('2026-11-26T07:56:07Z'))).toBe('2026-11-26 15:56');
    expect(platformTime(new Date('2026-11-26T07:56:07Z'), true)).toBe('2026-11-26 15:56:07');
  });
});
