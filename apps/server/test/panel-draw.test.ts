import { drawListHash, drawOrder, hexBytes, sha256Hex } from '@lvb/contracts/draw';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { biddingApp, biddingScene, reachOpening } from './bids-fixtures.ts';
import { as, employeeWith, signInAs, uploadPdf, userInfo } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A best-value panel drawn from the expert pool by DESIGN's draw: the seed committed in the
 * announcement, experts tied to the owner or a bidder left out, owner representatives at most a
 * third, once per project also under 20 requests at once, and the drawn experts then score.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
}, 60_000);
afterAll(() => t.close());

const MODEL_3 = { model: 3, budget: 200_000_000, minParticipants: 3 };

/** A best-value project with three bids, opened and waiting for its panel. */
async function opened() {
  const { projectId, bidders } = await biddingScene(t, { owner, auditor }, 3, MODEL_3);
  for (const [i, s] of bidders.entries()) {
    const res = await as(t.app, s.token).post(`/api/bidding3/projects/${projectId}/bids`, {
      priceFen: 150_000_000 + i * 1_000_000,
      proposals: [await uploadPdf(t, s.token)],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await reachOpening(t, projectId);
  await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
  const open = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
  expect(open.json().data.outcome, open.body).toBe('scoring');
  const [p] = await queryRows<{ type_id: number; place_id: number; owner_dept_id: number }>(
    t.database.db,
    sql`select type_id, place_id, owner_dept_id from projects where id = ${projectId}`,
  );
  const codes = await queryRows<{ credit_code: string }>(
    t.database.db,
    sql`select c.credit_code from applications a join companies c on c.id = a.company_id where a.project_id = ${projectId} order by a.id`,
  );
  return { projectId, project: p!, bidderCodes: codes.map((c) => c.credit_code) };
}

const expert = (body: Record<string, unknown>) =>
  as(t.app, admin).post('/api/pool/experts', {
    kind: 'outside',
    employer: 'Fujian Engineering Consultants',
    employerCreditCode: null,
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    ...body,
  });
const drawOf = (token: string, id: number) => as(t.app, token).get(`/api/scoring/${id}/panel-draw`);
const drawPanel = (id: number, body: Record<string, unknown>, token = owner) =>
  as(t.app, token).post(`/api/scoring/${id}/panel-draw`, body);

describe('a panel drawn from the expert pool', () => {
  it('leaves out tied experts, keeps the seed sealed until the draw, draws once of 20 and re-computes', async () => {
    const { projectId, project, bidderCodes } = await opened();
    const ids = async (who: 'expert1' | 'expert2' | 'expert3') =>
      (await userInfo(t, await signInAs(t, who))).empId as number;
    const [e1, e2, e3] = [await ids('expert1'), await ids('expert2'), await ids('expert3')];
    const scorer = ['selection:score:list', 'selection:score:edit'];
    const e4 = await employeeWith(t, admin, scorer);
    const ownStaff = await employeeWith(t, admin, scorer, { deptId: project.owner_dept_id });
    const rep = await employeeWith(t, admin, scorer, { deptId: project.owner_dept_id });
    const kept = { typeId: project.type_id, placeId: project.place_id };
    for (const userId of [e1, e2, e4.userId]) {
      const added = await expert({ userId, ...kept });
      expect(added.json().code, added.body).toBe(200);
    }
    // Tied to a bidder by its employer, and tied to the owner by its organisation: left out.
    const tiedToBidder = await expert({ userId: e3, ...kept, employerCreditCode: bidderCodes[0] });
    expect(tiedToBidder.json().code, tiedToBidder.body).toBe(200);
    expect((await expert({ userId: ownStaff.userId, kind: 'employee', ...kept })).json().code).toBe(200);

    // Before the draw: the announcement's commitment, who is eligible and why others are not.
    const before = (await drawOf(owner, projectId)).json().data;
    expect(before).toMatchObject({ drawn: false, eligible: 3, seed: null, order: null, candidates: [] });
    expect(before.excluded).toEqual(
      expect.arrayContaining([
        { reason: 'bidder', count: 1 },
        { reason: 'owner', count: 1 },
      ]),
    );
    expect(before.representatives.map((r: { userId: number }) => r.userId)).toEqual(
      expect.arrayContaining([ownStaff.userId, rep.userId]),
    );
    const [announcement] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from notices where project_id = ${projectId} and notice_type = 'announcement'`,
    );
    expect(announcement!.content).toContain(before.commitment);
    const [stored] = await queryRows<{ seed: string | null; sealed_seed: string }>(
      t.database.db,
      sql`select seed, sealed_seed from panel_draws where project_id = ${projectId}`,
    );
    expect(stored!.seed).toBeNull();
    expect(JSON.stringify(before)).not.toContain(stored!.sealed_seed);

    // The pool has experts to draw: the owner may not appoint the panel itself.
    const appoint = await as(t.app, owner).put(`/api/scoring/${projectId}/panel`, { userIds: [e1] });
    expect(appoint.statusCode).toBe(409);
    expect(appoint.json().msg).toBe(
      'draw the panel from the expert pool: 3 experts of this type and region are eligible',
    );

    // Refusals: a third at most for the owner, only its own staff, no more experts than eligible.
    const third = await drawPanel(projectId, { experts: 1, ownerReps: [ownStaff.userId, rep.userId] });
    expect(third.statusCode).toBe(400);
    expect(third.json().msg).toContain('owner representatives: at most a third of the panel');
    const stranger = await drawPanel(projectId, { experts: 2, ownerReps: [e4.userId] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toContain('is not staff of the owner organisation who may score');
    const many = await drawPanel(projectId, { experts: 4, ownerReps: [] });
    expect(many.statusCode).toBe(409);
    expect(many.json().msg).toContain('has 3 eligible experts of this type and region, fewer than 4');
    expect((await drawPanel(projectId, { experts: 2, ownerReps: [] }, supervisor)).statusCode).toBe(403);

    // Twenty at once: one draw.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => drawPanel(projectId, { experts: 2, ownerReps: [rep.userId], entropy: '2718' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);

    // Anyone on the panel can re-compute it: commitment, list hash and order.
    const after = (await drawOf(owner, projectId)).json().data;
    expect(after).toMatchObject({ drawn: true, entropy: '2718', experts: 2, commitment: before.commitment });
    expect(await sha256Hex(hexBytes(after.seed))).toBe(after.commitment);
    expect(await drawListHash(after.listText)).toBe(after.listHash);
    expect(after.candidates.map((c: { userId: number }) => c.userId).sort()).toEqual([e1, e2, e4.userId].sort());
    const order = await drawOrder(hexBytes(after.seed), after.listHash, '2718', after.candidates.length);
    expect(after.order).toEqual(order);
    const seated = order.slice(0, 2).map((i) => after.candidates[i].userId);
    const panel = (await as(t.app, owner).get(`/api/scoring/${projectId}`)).json().data.panel;
    expect(panel.map((m: { userId: number }) => m.userId).sort()).toEqual([...seated, rep.userId].sort());
    expect(after.ownerReps).toEqual([{ userId: rep.userId, name: expect.any(String) }]);

    // Drawn once and for good: neither drawn again nor replaced by hand.
    const again = await drawPanel(projectId, { experts: 2, ownerReps: [] });
    expect(again.json().msg).toBe(
      'the panel of this project was drawn from the expert pool: it cannot be drawn again or replaced',
    );
    expect((await as(t.app, owner).put(`/api/scoring/${projectId}/panel`, { userIds: [e1] })).statusCode).toBe(409);
    const [audit] = await queryRows<{ data: { listHash: string; seed: string } }>(
      t.database.db,
      sql`select data from audit_trail where subject_id = ${projectId} and action = 'project.panel_draw'`,
    );
    expect(audit!.data).toMatchObject({ listHash: after.listHash, seed: after.seed });

    // Each drawn expert is texted, in both languages.
    const texts = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where tel in ('13800000006', '13800000007') and content like '%evaluation panel%'`,
    );
    const demoSeated = seated.filter((u: number) => u === e1 || u === e2).length;
    expect(texts).toHaveLength(demoSeated);
    for (const m of texts)
      expect(m.content).toMatch(/^您已被抽取为项目“.+”（.+）的评审专家.* You were drawn onto the evaluation panel of /);
    // Each drawn expert sees the project and may score it.
    const tokenOf = new Map<number, () => Promise<string>>([
      [e1, () => signInAs(t, 'expert1')],
      [e2, () => signInAs(t, 'expert2')],
      [e4.userId, async () => e4.token],
    ]);
    for (const userId of seated) {
      const detail = (await as(t.app, await tokenOf.get(userId)!()).get(`/api/scoring/${projectId}`)).json().data;
      expect(detail.canScore).toBe(true);
    }
  });
});
