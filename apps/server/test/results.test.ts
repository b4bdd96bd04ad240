import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import { runAwardTick } from '../src/modules/results/results.scheduler.ts';
import { biddingApp, biddingScene, reachOpening } from './bids-fixtures.ts';
import { as, createSupplier, employeeWith, uploadPdf } from './factories.ts';
import { resultsKit, DAY, PUBLICITY_DAYS } from './results-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';

/**
 * The result (DESIGN §7 "Result", docs/workflows.md "Result"): the owner's signed confirmation,
 * the auditor's approval into publicity, objections, the award after publicity by the business
 * clock, and the winner's answer; every step out of order refused with its message.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => ({ t, admin, owner, auditor, supervisor } = await biddingApp()), 60_000);
afterAll(() => t.close());
afterEach(() => moveClock(0));

const {
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
} = resultsKit(() => ({ t, owner, auditor, supervisor }));

describe('the result', () => {
  it('goes from a model-2 ranking to awarded: signed, audited, public, awarded once, told, confirmed', async () => {
    const { projectId, bidders } = await rankedProject();
    const detail = (await as(t.app, owner).get(`/api/results/${projectId}`)).json().data;
    expect(detail.winnerApplicationId).toBe(bidders[0]!.applicationId);
    expect(detail.amountFen).toBe(3_000_000);
    expect(detail.ranking.map((l: { applicationId: number }) => l.applicationId)).toEqual(
      bidders.map((b) => b.applicationId),
    );

    const signed = await confirm(projectId);
    expect(signed.statusCode, signed.body).toBe(200);
    const c = signed.json().data;
    expect(c.hash).toBe(createHash('sha256').update(c.canonical, 'utf8').digest('hex'));
    expect(c.canonical).toBe(
      JSON.stringify({
        projectId,
        ranking: bidders.map((b, i) => ({
          rank: i + 1,
          applicationId: b.applicationId,
          priceFen: 3_000_000 + i * 100_000,
          total: null,
        })),
        winnerApplicationId: bidders[0]!.applicationId,
        amountFen: 3_000_000,
      }),
    );
    expect(c.confirmedBy).toBe('Olivia Owner');
    // The printable confirmation answers the same.
    const printed = (await as(t.app, auditor).get(`/api/results/${projectId}/confirmation`)).json().data;
    expect(printed).toMatchObject({ hash: c.hash, canonical: c.canonical, confirmedAt: c.confirmedAt });
    expect(await projectStatus(projectId)).toBe('result_audit');

    const approved = await approve(projectId);
    expect(approved.json().data, approved.body).toEqual({ projectId, status: 'publicity' });
    const ends = (await as(t.app, owner).get(`/api/results/${projectId}`)).json().data.publicityEndsAt;
    expect(Date.parse(ends) - Date.now()).toBeGreaterThan(PUBLICITY_DAYS * DAY * 1000 - 60_000);
    expect(Date.parse(ends) - Date.now()).toBeLessThan(PUBLICITY_DAYS * DAY * 1000 + 60_000);

    // Not before the end of publicity by the business clock.
    expect(await runAwardTick(t.database.db)).toBe(0);
    await afterPublicity();
    expect(await runAwardTick(t.database.db)).toBe(1);
    expect(await runAwardTick(t.database.db)).toBe(0);
    expect(await projectStatus(projectId)).toBe('awarded');
    expect(await smsTo(bidders[0]!.tel)).toMatch(/贵单位中选项目.*Your company is awarded project/s);
    for (const b of bidders.slice(1)) expect(await smsTo(b.tel)).toMatch(/中选单位为.*is awarded to/s);

    // Only the winner answers the award.
    expect((await as(t.app, bidders[1]!.token).post(`/api/results/${projectId}/award/confirm`)).statusCode).toBe(409);
    const confirmed = await as(t.app, bidders[0]!.token).post(`/api/results/${projectId}/award/confirm`);
    expect(confirmed.json().data, confirmed.body).toEqual({ id: bidders[0]!.applicationId, status: 'confirmed' });

    const timeline = (await as(t.app, owner).get(`/api/projects/${projectId}`))
      .json()
      .data.timeline.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'project.confirm_result',
        'project.result_signed',
        'project.approve_result',
        'project.award',
        'project.award_confirmed',
      ]),
    );
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('refuses every step out of order, by the wrong person, or without a reason, with its message', async () => {
    const { projectId, bidders } = await rankedProject();
    const zh = (token: string) => as(t.app, token, 'zh-CN');
    // Before the confirmation: no approval, no objection, no award answer, no confirmation to print.
    const early = await approve(projectId);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('a project that is result pending cannot be approved for publicity');
    const earlyZh = await zh(auditor).post(`/api/results/${projectId}/approve`);
    expect(earlyZh.json().msg).toBe('状态为“待确认结果”的项目不能审核通过并公示');
    expect((await object(projectId, bidders[1]!)).statusCode).toBe(409);
    expect((await object(projectId, bidders[1]!)).json().msg).toBe(
      'objections are taken only while the result is in publicity',
    );
    expect((await as(t.app, bidders[0]!.token).post(`/api/results/${projectId}/award/confirm`)).statusCode).toBe(409);
    expect((await as(t.app, owner).get(`/api/results/${projectId}/confirmation`)).statusCode).toBe(404);
    // Not the owner's staff (all projects in sight, the permission held): 403, in both languages.
    const stranger = await employeeWith(t, admin, ['selection:confirm:list', 'selection:confirm:sign']);
    const notOwner = await confirm(projectId, stranger.token);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().msg).toBe('only staff of the project owner organisation act on its result');
    expect((await zh(stranger.token).post(`/api/results/${projectId}/confirm`)).json().msg).toBe(
      '只有项目业主单位的人员可以处理其结果',
    );
    // The auditor does not confirm; the owner does not approve.
    expect((await confirm(projectId, auditor)).statusCode).toBe(403);
    expect((await as(t.app, owner).post(`/api/results/${projectId}/approve`)).statusCode).toBe(403);

    expect((await confirm(projectId)).statusCode).toBe(200);
    const again = await confirm(projectId);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('a project that is result audit cannot be confirmed and signed');
    // A return needs a reason; with one, the owner may confirm again.
    const noReason = await as(t.app, auditor).post(`/api/results/${projectId}/return`, {});
    expect(noReason.statusCode).toBe(400);
    const returned = await as(t.app, auditor).post(`/api/results/${projectId}/return`, { reason: 'sign again' });
    expect(returned.json().data, returned.body).toEqual({ projectId, status: 'result_pending' });
    expect((await confirm(projectId)).statusCode).toBe(200);
    expect(await projectStatus(projectId)).toBe('result_audit');
    const twice = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from result_confirmations where project_id = ${projectId}`,
    );
    expect(twice[0]!.n).toBe(2);
    // In publicity: no second approval, no owner's choice before a decline.
    expect((await approve(projectId)).statusCode).toBe(200);
    expect((await approve(projectId)).statusCode).toBe(409);
    const choice = await as(t.app, owner).post(`/api/results/${projectId}/declined`, {
      choice: 'next',
      reason: 'go on',
    });
    expect(choice.statusCode).toBe(409);
    expect(choice.json().msg).toBe('a project that is publicity cannot take this step of its result');
  });
});

describe('objections', () => {
  it('are taken from participants only, during publicity only, once per company; an open one holds publicity', async () => {
    const { projectId, bidders } = await inPublicity();
    // A company that did not take part: 403.
    const outsider = await createSupplier(t);
    const refused = await object(projectId, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('only a company with a qualified application in this project may do this');
    // No reason: 400.
    expect((await object(projectId, bidders[1]!, { reason: '' })).statusCode).toBe(400);
    // With a file the company uploaded; once only.
    const file = await uploadPdf(t, bidders[1]!.token);
    const filed = await object(projectId, bidders[1]!, { reason: 'the winner lacks the licence', files: [file] });
    expect(filed.json().data, filed.body).toMatchObject({ status: 'open' });
    const objectionId = filed.json().data.id as number;
    const second = await object(projectId, bidders[1]!);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('your company has already objected to this result');

    // Publicity ends by the clock, but the open objection holds the award; no new objection.
    await afterPublicity();
    expect((await object(projectId, bidders[2]!)).statusCode).toBe(409);
    await Promise.all([runAwardTick(t.database.db), runAwardTick(t.database.db)]);
    await runAwardTick(t.database.db);
    expect(await projectStatus(projectId)).toBe('publicity');

    // The owner answers; the auditor decides only with a reason; dismissed, exactly one award.
    const answered = await as(t.app, owner).post(`/api/results/${projectId}/objections/${objectionId}/answer`, {
      answer: 'the licence is on file',
    });
    expect(answered.json().data, answered.body).toEqual({ id: objectionId, status: 'answered' });
    expect(
      (
        await as(t.app, owner).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
          decision: 'dismiss',
          reason: 'no',
        })
      ).statusCode,
    ).toBe(403);
    const unreasoned = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'dismiss',
    });
    expect(unreasoned.statusCode).toBe(400);
    const dismissed = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'dismiss',
      reason: 'the licence is valid',
    });
    expect(dismissed.json().data, dismissed.body).toEqual({ id: objectionId, status: 'dismissed' });
    const again = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'dismiss',
      reason: 'the licence is valid',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('an objection that is dismissed cannot be dismissed');
    // Two ticks at once (two instances on one database): the project is awarded exactly once.
    await Promise.all([runAwardTick(t.database.db), runAwardTick(t.database.db)]);
    expect(await projectStatus(projectId)).toBe('awarded');
    const awards = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_trail where action = 'project.award' and subject_id = ${projectId}`,
    );
    expect(awards[0]!.n).toBe(1);
  });

  it('upheld, passes the result to the next bidder in rank, who is confirmed again by the owner', async () => {
    const { projectId, bidders } = await inPublicity();
    const filed = await object(projectId, bidders[2]!);
    const objectionId = filed.json().data.id as number;
    const noChoice = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'uphold',
      reason: 'the winner lacks the licence',
    });
    expect(noChoice.statusCode).toBe(400);
    const upheld = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'uphold',
      reason: 'the winner lacks the licence',
      choice: 'next',
    });
    expect(upheld.json().data, upheld.body).toEqual({ id: objectionId, status: 'upheld' });
    expect(await projectStatus(projectId)).toBe('result_pending');
    expect(await applicationStatus(bidders[0]!.applicationId)).toBe('lost');
    expect(await applicationStatus(bidders[1]!.applicationId)).toBe('won');
    const detail = (await as(t.app, owner).get(`/api/results/${projectId}`)).json().data;
    expect(detail).toMatchObject({ winnerApplicationId: bidders[1]!.applicationId, amountFen: 3_100_000 });
    const signed = (await confirm(projectId)).json().data;
    expect(JSON.parse(signed.canonical)).toMatchObject({
      winnerApplicationId: bidders[1]!.applicationId,
      amountFen: 3_100_000,
    });
    // The objection of this round is decided: a new publicity ends in an award to the next bidder.
    expect((await approve(projectId)).statusCode).toBe(200);
    await afterPublicity();
    await runAwardTick(t.database.db);
    expect(await projectStatus(projectId)).toBe('awarded');
    expect(await smsTo(bidders[1]!.tel)).toMatch(/Your company is awarded project/);
  });

  it('upheld with the choice to fail, fails the project', async () => {
    const { projectId, bidders } = await inPublicity();
    const objectionId = (await object(projectId, bidders[1]!)).json().data.id as number;
    const upheld = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${objectionId}/decide`, {
      decision: 'uphold',
      reason: 'collusion',
      choice: 'fail',
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(await projectStatus(projectId)).toBe('failed');
    expect(await applicationStatus(bidders[0]!.applicationId)).toBe('lost');
    const failedProject = (await as(t.app, owner).get(`/api/projects/${projectId}`)).json().data;
    expect(failedProject.statusReason).toBe('collusion');
  });
});

describe('a declined award', () => {
  async function declined() {
    const scene = await inPublicity();
    await afterPublicity();
    await runAwardTick(t.database.db);
    expect(await projectStatus(scene.projectId)).toBe('awarded');
    await moveClock(0);
    const winner = scene.bidders[0]!;
    expect((await as(t.app, winner.token).post(`/api/results/${scene.projectId}/award/decline`, {})).statusCode).toBe(
      400,
    );
    const res = await as(t.app, winner.token).post(`/api/results/${scene.projectId}/award/decline`, {
      reason: 'no capacity',
    });
    expect(res.json().data, res.body).toEqual({ id: winner.applicationId, status: 'declined' });
    return scene;
  }

  it('goes to the next valid bidder in rank at the owner’s choice', async () => {
    const { projectId, bidders } = await declined();
    expect((await as(t.app, owner).post(`/api/results/${projectId}/declined`, { choice: 'next' })).statusCode).toBe(
      400,
    );
    const next = await as(t.app, owner).post(`/api/results/${projectId}/declined`, {
      choice: 'next',
      reason: 'the winner declined',
    });
    expect(next.json().data, next.body).toEqual({ projectId, status: 'result_pending' });
    expect(await applicationStatus(bidders[0]!.applicationId)).toBe('declined');
    expect(await applicationStatus(bidders[1]!.applicationId)).toBe('won');
    const signed = (await confirm(projectId)).json().data;
    expect(signed.winnerApplicationId).toBe(bidders[1]!.applicationId);
  });

  it('fails the project at the owner’s choice', async () => {
    const { projectId } = await declined();
    const failed = await as(t.app, owner).post(`/api/results/${projectId}/declined`, {
      choice: 'fail',
      reason: 'nobody left we trust',
    });
    expect(failed.json().data, failed.body).toEqual({ projectId, status: 'failed' });
  });
});

describe('a best-value result', () => {
  it("signs the panel's ranking with each total", async () => {
    const member = await employeeWith(t, admin, ['selection:score:list', 'selection:score:edit']);
    const { projectId, bidders } = await biddingScene(t, { owner, auditor }, 3, {
      model: 3,
      budget: 200_000_000,
      minParticipants: 3,
    });
    const bidIds: number[] = [];
    for (const [i, s] of bidders.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bidding3/projects/${projectId}/bids`,
        headers: bearer(s.token),
        payload: { priceFen: 3_000_000 + i * 100_000, proposals: [await uploadPdf(t, s.token)] },
      });
      expect(res.statusCode, res.body).toBe(200);
      bidIds.push(res.json().data.bidId);
    }
    await reachOpening(t, projectId);
    await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`);
    expect((await as(t.app, owner).post(`/api/openings/${projectId}/open`)).json().data.outcome).toBe('scoring');
    const panel = await as(t.app, owner).put(`/api/scoring/${projectId}/panel`, { userIds: [member.userId] });
    expect(panel.statusCode, panel.body).toBe(200);
    const perBid = [
      [40, 30, 30],
      [20, 15, 15],
      [30, 20, 20],
    ];
    const scored = await as(t.app, member.token).post(`/api/scoring/${projectId}/scores`, {
      scores: bidIds.flatMap((bidId, i) => perBid[i]!.map((score, criterion) => ({ bidId, criterion, score }))),
    });
    expect(scored.statusCode, scored.body).toBe(200);
    expect((await as(t.app, owner).post(`/api/scoring/${projectId}/finalise`)).statusCode).toBe(200);

    const detail = (await as(t.app, owner).get(`/api/results/${projectId}`)).json().data;
    expect(detail.winnerApplicationId).toBe(bidders[0]!.applicationId);
    expect(detail.ranking.every((l: { total: number | null }) => typeof l.total === 'number')).toBe(true);
    const signed = (await confirm(projectId)).json().data;
    expect(JSON.parse(signed.canonical).ranking).toEqual(
      detail.ranking.map((l: { rank: number; applicationId: number; priceFen: number; total: number }) => ({
        rank: l.rank,
        applicationId: l.applicationId,
        priceFen: l.priceFen,
        total: l.total,
      })),
    );
  });
});

describe('a retried call', () => {
  it('with the same Idempotency-Key answers the first confirmation and writes nothing more', async () => {
    const { projectId } = await rankedProject();
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/results/${projectId}/confirm`,
        headers: { ...bearer(owner), 'idempotency-key': `confirm-${projectId}` },
      });
    const first = await call();
    const retry = await call();
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.hash).toBe(first.json().data.hash);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from result_confirmations where project_id = ${projectId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('at once', () => {
  it('50 identical confirmations write one; 50 identical objections write one; the others 409, none 500', async () => {
    const { projectId, bidders } = await rankedProject();
    const confirms = await Promise.all(Array.from({ length: 50 }, () => confirm(projectId)));
    const codes = confirms.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from result_confirmations where project_id = ${projectId}`,
    );
    expect(rows[0]!.n).toBe(1);

    expect((await approve(projectId)).statusCode).toBe(200);
    const objections = await Promise.all(Array.from({ length: 50 }, () => object(projectId, bidders[1]!)));
    const ocodes = objections.map((r) => r.statusCode);
    expect(ocodes.filter((c) => c === 200)).toHaveLength(1);
    expect(ocodes.filter((c) => c === 409)).toHaveLength(49);
    const orows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from objections where project_id = ${projectId}`,
    );
    expect(orows[0]!.n).toBe(1);
  });
});
