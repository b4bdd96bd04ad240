import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { runDeadlineTick } from '../src/modules/projects/projects.scheduler.ts';
import { adminApp, as, createProject, createSupplier, signInAs, uploadPdf } from './factories.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/**
 * What the sealed-bid and opening tests share: a published price-competition project with
 * qualified suppliers (applied and qualified through the applications' own calls), a bid call,
 * and moving the project's deadlines by the database clock.
 */

export type Supplier = Awaited<ReturnType<typeof createSupplier>>;
export type Bidder = Supplier & { applicationId: number };
export interface People {
  owner: string;
  auditor: string;
}

/** A price-competition project's fields: a budget that leaves room for the tests' prices. */
export const MODEL_2 = { model: 2, budget: 200_000_000, minParticipants: 3 };

/** A test app with the demo data, signed in as the administrator and the demo staff of a bidding. */
export async function biddingApp() {
  const { t, admin } = await adminApp();
  const [owner, auditor, supervisor] = await Promise.all(
    (['owner1', 'auditor1', 'supervisor1'] as const).map((who) => signInAs(t, who)),
  );
  return { t, admin, owner: owner!, auditor: auditor!, supervisor: supervisor! };
}

/** A supplier applies to the project; answers the application's id. */
export async function applyTo(t: TestApp, s: Supplier, projectId: number): Promise<number> {
  const res = await as(t.app, s.token).post(`/api/hall/projects/${projectId}/apply`, {
    contactName: 'Sam Supplier',
    contactTel: '13900001111',
    guaranteeLetterNo: 'BG-2026-0001',
    documents: [await uploadPdf(t, s.token)],
  });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data.id as number;
}

/** The auditor qualifies an application through the check's call. */
export async function qualify(t: TestApp, auditor: string, applicationId: number) {
  const res = await as(t.app, auditor).post(`/api/applications/${applicationId}/qualify`);
  expect(res.json().code, res.body).toBe(200);
}

/** A published model-2 project and `n` new suppliers qualified for it. */
export async function biddingScene(t: TestApp, people: People, n: number, overrides: Record<string, unknown> = {}) {
  const projectId = await createProject(t, people, 'published', { ...MODEL_2, ...overrides });
  const bidders: Bidder[] = [];
  for (let i = 0; i < n; i++) {
    const s = await createSupplier(t);
    const applicationId = await applyTo(t, s, projectId);
    await qualify(t, people.auditor, applicationId);
    bidders.push({ ...s, applicationId });
  }
  return { projectId, bidders };
}

/** Submits a price as the supplier, with an Idempotency-Key when given. */
export const bid = (t: TestApp, s: Supplier, projectId: number, priceFen: number, key?: string, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bidding2/projects/${projectId}/bids`,
    headers: {
      ...bearer(s.token),
      ...(key ? { 'idempotency-key': key } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: { priceFen },
  });

/** Submits and expects the receipt. */
export async function sealed(t: TestApp, s: Supplier, projectId: number, priceFen: number, key?: string) {
  const res = await bid(t, s, projectId, priceFen, key);
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as { bidId: number; receiptHash: string; submittedAt: string; replayed: boolean };
}

/** The bid deadline passes by the database clock (after every bid made so far); the scheduler closes bidding. */
export async function closeBidding(t: TestApp, projectId: number) {
  await t.database.db.execute(
    sql`update projects set bid_deadline = now(), opening_at = now() + interval '1 day' where id = ${projectId}`,
  );
  await runDeadlineTick(t.database.db);
}

/** The opening time comes by the database clock; the scheduler starts the evaluation. */
export async function reachOpening(t: TestApp, projectId: number) {
  await t.database.db.execute(
    sql`update projects set bid_deadline = least(bid_deadline, now()), opening_at = now() where id = ${projectId}`,
  );
  await runDeadlineTick(t.database.db);
}

/** A test app whose log (every level) is kept in `lines`, for tests that search it. */
export const loggedTestApp = (lines: string[]): Promise<TestApp> => createTestApp({}, { log: lines });
