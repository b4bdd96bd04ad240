import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { biddingScene, closeBidding, reachOpening, sealed, type Bidder } from './bids-fixtures.ts';
import { as } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * What the result tests share (results.test.ts, completion.test.ts): a model-2 project ranked by
 * its opening, its result signed and audited into publicity, the business clock moved past it.
 */

export const DAY = 86_400;
export const PUBLICITY_DAYS = 3;

export interface ResultPeople {
  owner: string;
  auditor: string;
  supervisor: string;
}

/** The helpers over the app and people that `get` answers (read at each call: they are set in beforeAll). */
/** What a test does while the bidders are qualified and the bid deadline has not passed. */
type BeforeBids = (projectId: number, bidders: Bidder[]) => Promise<void>;

export function resultsKit(get: () => ResultPeople & { t: TestApp }) {
  const app = () => get().t.app;
  const db = () => get().t.database.db;

  async function moveClock(offsetSeconds: number) {
    const res = await app().inject({ method: 'PUT', url: '/api/dev/clock', payload: { offsetSeconds } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const projectStatus = async (id: number) =>
    (await queryRows<{ status: string }>(db(), sql`select status from projects where id = ${id}`))[0]!.status;
  const applicationStatus = async (id: number) =>
    (await queryRows<{ status: string }>(db(), sql`select status from applications where id = ${id}`))[0]!.status;
  const smsTo = async (tel: string) =>
    (
      (await app().inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` })).json().rows as {
        content: string;
      }[]
    )
      .map((m) => m.content)
      .join('\n');

  /** A model-2 project ranked by its opening: bidder 0 the lowest price (the proposed winner), then 1, 2. */
  async function rankedProject(n = 3, basePriceFen = 3_000_000, beforeBids?: BeforeBids) {
    const { t, owner, auditor, supervisor } = get();
    const { projectId, bidders } = await biddingScene(t, { owner, auditor }, n, { publicityDays: PUBLICITY_DAYS });
    await beforeBids?.(projectId, bidders);
    for (const [i, s] of bidders.entries()) await sealed(t, s, projectId, basePriceFen + i * 100_000);
    await closeBidding(t, projectId);
    await reachOpening(t, projectId);
    expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).statusCode).toBe(200);
    const opened = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
    expect(opened.json().data.outcome, opened.body).toBe('ranked');
    expect(await projectStatus(projectId)).toBe('result_pending');
    return { projectId, bidders };
  }

  const confirm = (id: number, who = get().owner) => as(app(), who).post(`/api/results/${id}/confirm`);
  const approve = (id: number) => as(app(), get().auditor).post(`/api/results/${id}/approve`);
  const object = (
    id: number,
    s: Bidder | { token: string },
    body: Record<string, unknown> = { reason: 'the price is wrong' },
  ) => as(app(), s.token).post(`/api/results/${id}/objections`, body);

  /** Confirmed, approved: the project is in publicity. */
  async function inPublicity(n = 3, basePriceFen?: number, beforeBids?: BeforeBids) {
    const scene = await rankedProject(n, basePriceFen, beforeBids);
    expect((await confirm(scene.projectId)).statusCode).toBe(200);
    expect((await approve(scene.projectId)).statusCode).toBe(200);
    return scene;
  }

  /** Past the publicity's end by the business clock. */
  const afterPublicity = () => moveClock(PUBLICITY_DAYS * DAY + 120);

  return {
    moveClock,
    projectStatus,
    applicationStatus,
    smsTo,
    rankedProject,
    confirm,
    approve,
    object,
    inPublicity,
    afterPublicity,
  };
}
