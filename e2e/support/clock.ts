import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { apiContext } from './api';

/**
 * The business clock (README, "Environment variables"; docs/workflows.md): every deadline of the
 * platform compares with the database's `app_now()`, the database's time plus an offset that the
 * server outside production moves with `PUT /api/dev/clock`. The trading specs give their projects
 * the windows an owner would set (days) and move the clock past the bid deadline and the opening
 * instead of waiting for them; the scheduler (SCHEDULER_TICK_SECONDS, 2 s in this suite) then moves
 * the projects within one tick.
 *
 * The offset belongs to the database, not to a spec: while it is moved, every project of every
 * spec sees the moved time, and a project whose deadline the move passes is closed for good. So:
 * - a spec that moves the clock must run alone (the suite runs one worker: playwright.config.ts);
 *   `useBusinessClock` refuses to run in more;
 * - it puts the clock back to the real time before and after its tests (`useBusinessClock`);
 * - it moves the clock no further than its own project needs (the demo projects' deadlines are 8
 *   to 13 days after the seed; a move of a week leaves them open).
 */

export interface BusinessClock {
  /** The business time, as the server reads it now. */
  now: Date;
  offsetSeconds: number;
}

function clockOf(body: { code: number; data?: { now: string; offsetSeconds: number } }, what: string): BusinessClock {
  expect(body.code, `${what}: ${JSON.stringify(body)}`).toBe(200);
  return { now: new Date(body.data!.now), offsetSeconds: body.data!.offsetSeconds };
}

export async function readClock(api: APIRequestContext): Promise<BusinessClock> {
  return clockOf(await (await api.get('/api/dev/clock')).json(), 'GET /api/dev/clock');
}

export async function setClockOffset(api: APIRequestContext, offsetSeconds: number): Promise<BusinessClock> {
  const res = await api.put('/api/dev/clock', { data: { offsetSeconds } });
  return clockOf(await res.json(), `PUT /api/dev/clock ${offsetSeconds}`);
}

/** Puts the business clock back to the database's own time. */
export async function resetClock(api?: APIRequestContext): Promise<void> {
  const ctx = api ?? (await apiContext());
  await setClockOffset(ctx, 0);
  if (!api) await ctx.dispose();
}

/**
 * Moves the business clock forward until it reads `instant` plus `marginSeconds` (a deadline just
 * passed), keeping any offset already set when that is later. Answers the clock as moved.
 */
export async function moveClockPast(
  api: APIRequestContext,
  instant: Date | number,
  marginSeconds = 60,
): Promise<BusinessClock> {
  const clock = await readClock(api);
  const databaseNow = clock.now.getTime() - clock.offsetSeconds * 1000;
  const wanted = Math.ceil((new Date(instant).getTime() - databaseNow) / 1000) + marginSeconds;
  const moved = await setClockOffset(api, Math.max(wanted, clock.offsetSeconds));
  expect(moved.now.getTime()).toBeGreaterThan(new Date(instant).getTime());
  return moved;
}

/**
 * Registers the business clock's guards for the spec file that calls it: the suite runs in one
 * worker (the offset is global to the database), and the clock reads the real time before the
 * spec's first test and again after its last, whatever ran before it or fails in it.
 */
export function useBusinessClock(test: typeof base): void {
  test.beforeAll(async () => {
    expect(
      test.info().config.workers,
      'a spec that moves the business clock must run alone: run the suite with one worker',
    ).toBe(1);
    await resetClock();
  });
  test.afterAll(async () => {
    await resetClock();
  });
}

/**
 * Polls `read` until it answers `wanted`: what the scheduler does within a tick once the clock has
 * moved. Short intervals, a bound of a few ticks.
 */
export async function waitForScheduler<T>(read: () => Promise<T>, wanted: T, what: string): Promise<void> {
  await expect.poll(read, { message: what, timeout: 20_000, intervals: [250, 500, 1_000] }).toBe(wanted);
}
