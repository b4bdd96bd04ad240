import { useEffect, useState } from 'react';
import { PLATFORM_TIME_ZONE } from '@/shared/lib/format';
import { parseInstant } from '@/shared/lib/instant';
import type { LiveAnswer } from '../api/live-view';

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PLATFORM_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as `HH:mm:ss` of the platform's time zone. */
export function formatClock(value: string | Date | number): string {
  const date = typeof value === 'number' ? new Date(value) : parseInstant(value);
  return Number.isNaN(date.getTime()) ? '' : clockFormat.format(date);
}

/** Re-renders every second; answers the browser clock of that moment. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * The platform's clock now: the server's `now` in its latest answer, plus the time since that
 * answer arrived. Never the browser's wall clock alone: the business clock may be moved.
 */
export function platformNow(answer: LiveAnswer, browserNow: number): number {
  return parseInstant(answer.view.now).getTime() + Math.max(0, browserNow - answer.receivedAt);
}

/** Whole seconds left as `[days, "HH:mm:ss"]`; null once the time has come. */
export function countdown(ms: number): { days: number; clock: string } | null {
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const rest = total % 86_400;
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
