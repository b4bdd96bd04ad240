import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import { runAwardTick } from '../src/modules/results/results.scheduler.ts';
import { biddingApp, type Bidder } from './bids-fixtures.ts';
import { as, signInAs, uploadPdf } from './factories.ts';
import { resultsKit } from './results-fixtures.ts';
import { bearer, type TestApp } from './test-app.ts';
import { sheetOf } from './workbooks.ts';

/**
 * What follows the award (DESIGN §7 "Contract completion", "Service fee", "Acceptance"): the fee
 * made when the winner confirms, the voucher and finance's decision, the award notice PDF, the
 * contract, the acceptance and the completion; the public /resultpub and a participant's view.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string, finance: string;
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
  finance = await signInAs(t, 'finance1');
}, 60_000);
afterAll(() => t.close());
afterEach(() => moveClock(0));

const { moveClock, projectStatus, inPublicity, afterPublicity } = resultsKit(() => ({ t, owner, auditor, supervisor }));

const codeOf = async (projectId: number) =>
  (await as(t.app, owner).get(`/api/projects/${projectId}`)).json().data.code as string;

const TIERS = '[[1000000,0.01],[5000000,0.007],[10000000,0.0055],[null,0.0035]]';
async function setTiers(value: string) {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from config_params where config_key = 'fee.rateTiers'`,
  );
  const res = await as(t.app, admin).put(`/api/base/parameters/${rows[0]!.id}`, {
    configKey: 'fee.rateTiers',
    name: 'Service fee rate tiers',
    value,
  });
  expect(res.json().code, res.body).toBe(200);
}

/** Awarded and confirmed by its winner (bidder 0 at `priceFen`). */
async function confirmedAward(priceFen = 150_000_000) {
  const scene = await inPublicity(3, priceFen);
  await afterPublicity();
  expect(await runAwardTick(t.database.db)).toBeGreaterThanOrEqual(1);
  await moveClock(0);
  const res = await as(t.app, scene.bidders[0]!.token).post(`/api/results/${scene.projectId}/award/confirm`);
  expect(res.statusCode, res.body).toBe(200);
  return scene;
}

const detail = async (id: number, who = owner) => {
  const res = await as(t.app, who).get(`/api/results/${id}/completion`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function contractBody(token = owner, overrides: Record<string, unknown> = {}) {
  return {
    contractNo: 'HT-2026-001',
    amountFen: 149_000_000,
    signedOn: '2026-12-01',
    periodStart: '2026-12-05',
    periodEnd: '2027-03-05',
    files: [await uploadPdf(t, token)],
    ...overrides,
  };
}

const voucher = async (projectId: number, winner: Bidder) =>
  as(t.app, winner.token).post(`/api/results/${projectId}/fee/voucher`, { voucher: await uploadPdf(t, winner.token) });

describe('after the award', () => {
  it('the fee, the voucher, finance, the award notice, the contract, the acceptance: completed', async () => {
    await setTiers(TIERS);
    const { projectId, bidders } = await confirmedAward(150_000_000);
    const [winner, other] = [bidders[0]!, bidders[1]!];

    // The fee: ¥1,500,000 is 1% of the first million and 0.7% of the next half million.
    let d = await detail(projectId);
    expect(d.winnerStatus).toBe('confirmed');
    expect(d.awardFen).toBe(150_000_000);
    expect(d.fee).toMatchObject({ feeFen: 1_350_000, status: 'unpaid', awardFen: 150_000_000 });
    expect(d.fee.bands.map((b: { feeFen: number }) => b.feeFen)).toEqual([1_000_000, 350_000]);
    expect(d.awardNotice).toBeNull();

    // The contract: refused on its fields, then recorded.
    const bad = await as(t.app, owner).post(
      `/api/results/${projectId}/contract`,
      await contractBody(owner, { periodEnd: '2026-12-01', amountFen: 12.5 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/periodEnd|amountFen/);
    const zhBad = await as(t.app, owner, 'zh-CN').post(`/api/results/${projectId}/contract`, {
      ...(await contractBody()),
      files: [],
    });
    expect(zhBad.json()).toMatchObject({ field: 'files', msg: expect.stringMatching(/合同|文件/) });
    expect((await as(t.app, auditor).post(`/api/results/${projectId}/contract`, await contractBody())).statusCode).toBe(
      403,
    );
    const contracted = await as(t.app, owner).post(`/api/results/${projectId}/contract`, await contractBody());
    expect(contracted.json().data, contracted.body).toEqual({ projectId, status: 'contracted' });
    const again = await as(t.app, owner).post(`/api/results/${projectId}/contract`, await contractBody());
    expect(again.statusCode).toBe(409);

    // The voucher: only the winner's company; finance rejects with a reason, the winner gives another.
    expect((await voucher(projectId, other)).statusCode).toBe(403);
    expect((await voucher(projectId, winner)).json().data).toMatchObject({ status: 'submitted' });
    const feeId = (await detail(projectId)).fee.id as number;
    expect((await as(t.app, finance).post(`/api/fees/${feeId}/reject`, {})).statusCode).toBe(400);
    expect((await as(t.app, owner).post(`/api/fees/${feeId}/confirm`)).statusCode).toBe(403);
    const rejected = await as(t.app, finance).post(`/api/fees/${feeId}/reject`, { reason: 'the amount is short' });
    expect(rejected.json().data).toEqual({ id: feeId, status: 'rejected' });
    const mine = (await as(t.app, winner.token).get(`/api/supplier/results/${projectId}`)).json().data;
    expect(mine.fee).toMatchObject({ status: 'rejected', rejectReason: 'the amount is short' });
    expect((await voucher(projectId, winner)).json().data).toMatchObject({ status: 'submitted' });

    // Finance's list shows it waiting.
    const waiting = (await as(t.app, finance).get('/api/fees?status=submitted')).json();
    expect(waiting.rows.map((r: { id: number }) => r.id)).toContain(feeId);
    // And its export, in the reader's language: amounts in yuan, the status by its label.
    const code = await codeOf(projectId);
    const fees = await as(t.app, finance, 'zh-CN').get(`/api/fees/export?status=submitted&keyword=${code}`);
    expect(fees.headers['content-disposition']).toContain(encodeURIComponent('服务费.xlsx'));
    const feeSheet = await sheetOf(fees.rawPayload);
    expect(feeSheet.header.slice(0, 7)).toEqual([
      '项目编号',
      '项目名称',
      '业主单位',
      '中选单位',
      '中选金额（元）',
      '服务费（元）',
      '状态',
    ]);
    expect(feeSheet.records).toEqual([
      expect.objectContaining({
        项目编号: code,
        中选单位: winner.compName,
        '中选金额（元）': 1_500_000,
        '服务费（元）': 13_500,
        状态: '待确认',
      }),
    ]);

    // The acceptance before the fee is settled: accepted, not completed.
    const accepted = await as(t.app, owner).post(`/api/results/${projectId}/acceptance`, {
      inspectedOn: '2027-03-06',
      conclusion: 'passed',
      remarks: '',
      files: [],
    });
    expect(accepted.json().data, accepted.body).toEqual({ projectId, status: 'accepted' });

    // Confirmed: the award notice is issued and the accepted project completes.
    const confirmed = await as(t.app, finance).post(`/api/fees/${feeId}/confirm`);
    expect(confirmed.json().data, confirmed.body).toEqual({ id: feeId, status: 'confirmed' });
    expect(await projectStatus(projectId)).toBe('completed');
    d = await detail(projectId);
    const completed = await sheetOf(
      (await as(t.app, owner, 'zh-CN').get(`/api/completion/export?keyword=${code}`)).rawPayload,
    );
    expect(completed.header.slice(0, 4)).toEqual(['项目编号', '项目名称', '业主单位', '状态']);
    expect(completed.records).toEqual([
      expect.objectContaining({
        状态: '已完成',
        合同编号: 'HT-2026-001',
        '中选金额（元）': 1_500_000,
        '服务费（元）': 13_500,
        缴费状态: '已到账',
        验收结论: '验收合格',
      }),
    ]);
    expect(d.awardNotice.number).toMatch(/^ZX\d+$/);
    // Files are shown under the names their uploaders gave them.
    expect(d.fileNames[d.fee.voucher]).toMatch(/\.pdf$/);
    expect(d.fileNames[d.contract.files[0]]).toMatch(/\.pdf$/);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/results/${projectId}/award-notice`,
      headers: bearer(winner.token),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(d.awardNotice.sha256);
    // The Chinese text is set in an embedded subset of the font (a tagged name, its glyphs inside).
    const body = pdf.rawPayload.toString('latin1');
    expect(body).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(body).toMatch(/\/FontFile2/);
    expect(pdf.rawPayload.length).toBeLessThan(200_000);
    // Another participant may not read it; the owner may.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/results/${projectId}/award-notice`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/results/${projectId}/award-notice`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(200);

    const timeline = (await as(t.app, owner).get(`/api/projects/${projectId}`))
      .json()
      .data.timeline.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'project.fee',
        'project.contract',
        'project.fee_voucher',
        'project.accept',
        'project.award_notice',
        'project.complete',
      ]),
    );
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('a fee of nothing is waived: the notice at once, and the acceptance completes the project', async () => {
    await setTiers('[[null,0]]');
    try {
      const { projectId } = await confirmedAward(2_000_000);
      const d = await detail(projectId);
      expect(d.fee).toMatchObject({ feeFen: 0, status: 'waived' });
      expect(d.awardNotice.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await as(t.app, owner).post(`/api/results/${projectId}/contract`, await contractBody())).statusCode).toBe(
        200,
      );
      const failed = await as(t.app, owner).post(`/api/results/${projectId}/acceptance`, {
        inspectedOn: '2027-03-06',
        conclusion: 'failed',
        remarks: '',
      });
      expect(failed.json()).toMatchObject({ field: 'remarks' });
      const done = await as(t.app, owner).post(`/api/results/${projectId}/acceptance`, {
        inspectedOn: '2027-03-06',
        conclusion: 'failed',
        remarks: 'the drainage does not meet the drawings',
      });
      expect(done.json().data, done.body).toEqual({ projectId, status: 'completed' });
      expect((await detail(projectId)).acceptance).toMatchObject({ conclusion: 'failed' });
    } finally {
      await setTiers(TIERS);
    }
  });

  it('refuses the contract before the winner confirmed, and steps out of order', async () => {
    const { projectId, bidders } = await inPublicity(3, 2_500_000);
    expect((await as(t.app, owner).post(`/api/results/${projectId}/contract`, await contractBody())).statusCode).toBe(
      409,
    );
    await afterPublicity();
    await runAwardTick(t.database.db);
    await moveClock(0);
    const early = await as(t.app, owner).post(`/api/results/${projectId}/contract`, await contractBody());
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/not confirmed the award/);
    expect((await voucher(projectId, bidders[0]!)).statusCode).toBe(404);
    const acceptance = await as(t.app, owner).post(`/api/results/${projectId}/acceptance`, {
      inspectedOn: '2027-03-06',
      conclusion: 'passed',
    });
    expect(acceptance.statusCode).toBe(409);
  });

  it('50 identical voucher confirmations write one notice; the others 409, none 500', async () => {
    await setTiers(TIERS);
    const { projectId, bidders } = await confirmedAward(1_500_000);
    expect((await voucher(projectId, bidders[0]!)).statusCode).toBe(200);
    const feeId = (await detail(projectId)).fee.id as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, finance).post(`/api/fees/${feeId}/confirm`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const notices = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from files where record_type = 'award-notice' and record_id = ${feeId}`,
    );
    expect(notices[0]!.n).toBe(1);
    const audits = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_trail where action = 'project.award_notice' and subject_id = ${projectId}`,
    );
    expect(audits[0]!.n).toBe(1);
  });
});

describe('the published result', () => {
  it('is on /resultpub and the project page in publicity, awarded and failed, in both languages', async () => {
    const { projectId, bidders } = await inPublicity(3, 2_200_000);
    const list = await t.app.inject({ method: 'GET', url: '/api/public/results?kind=publicity&pageSize=100' });
    const row = list.json().rows.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toMatchObject({ winnerName: expect.any(String), amountFen: 2_200_000, objections: 'none' });
    const one = (await t.app.inject({ method: 'GET', url: `/api/public/results/${projectId}` })).json().data;
    expect(one.ranking.map((l: { priceFen: number }) => l.priceFen)).toEqual([2_200_000, 2_300_000, 2_400_000]);
    expect(one.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(one)).not.toMatch(/applicationId|companyId/);

    // An objection shows as open; the objector follows it on its own view.
    const objected = await as(t.app, bidders[2]!.token).post(`/api/results/${projectId}/objections`, {
      reason: 'the second bid was late',
    });
    expect(objected.statusCode, objected.body).toBe(200);
    const again = (await t.app.inject({ method: 'GET', url: `/api/public/results/${projectId}` })).json().data;
    expect(again.objections).toBe('open');
    const mine = (await as(t.app, bidders[2]!.token).get(`/api/supplier/results/${projectId}`)).json().data;
    expect(mine).toMatchObject({ canObject: false, objection: { status: 'open', reason: 'the second bid was late' } });

    // Upheld with the choice to fail: the failed list, with the reason in the reader's language.
    const decided = await as(t.app, auditor).post(`/api/results/${projectId}/objections/${mine.objection.id}/decide`, {
      decision: 'uphold',
      reason: 'the winning bid was not valid',
      choice: 'fail',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/public/results?kind=failed&pageSize=100',
      headers: { 'accept-language': 'zh-CN' },
    });
    const f = failed.json().rows.find((r: { projectId: number }) => r.projectId === projectId);
    expect(f).toMatchObject({ status: 'failed', failedReason: 'the winning bid was not valid', winnerName: null });
    // Nothing of a project without a result.
    expect((await t.app.inject({ method: 'GET', url: '/api/public/results/999999' })).statusCode).toBe(404);
  });

  it('lists results and exports them for staff; a participant only sees its own project', async () => {
    const { projectId, bidders } = await inPublicity(3, 2_100_000);
    const list = (await as(t.app, auditor).get('/api/results?status=publicity&pageSize=100')).json();
    const row = list.rows.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toMatchObject({
      amountFen: 2_100_000,
      openObjections: 0,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/results/export?status=publicity',
      headers: { ...bearer(owner), 'accept-language': 'zh-CN' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('选取结果.xlsx'));
    const exported = await sheetOf(xlsx.rawPayload);
    expect(exported.header.slice(0, 8)).toEqual([
      '项目编号',
      '项目名称',
      '业主单位',
      '选取方式',
      '状态',
      '预算金额（元）',
      '中选单位',
      '中选金额（元）',
    ]);
    expect(exported.records.find((r) => r['SHA-256'] === row.hash)).toMatchObject({
      状态: '公示中',
      选取方式: '竞价',
      '中选金额（元）': 21_000,
      未决异议: 0,
    });
    expect((await as(t.app, bidders[0]!.token).get(`/api/results?status=publicity`)).statusCode).toBe(403);
    const stranger = await signInAs(t, 'supervisor1');
    expect((await as(t.app, stranger).get(`/api/supplier/results/${projectId}`)).statusCode).toBe(403);
  });

  it('mandraw/notice: the owner publishes a correction to /pub; others may not', async () => {
    const { projectId } = await inPublicity(3, 2_000_000);
    const body = {
      projectId,
      noticeType: 'correction',
      title: 'Correction of the opening time',
      content: '<p>Changed<script>x</script></p>',
    };
    expect((await as(t.app, auditor).post('/api/project-notices', body)).statusCode).toBe(403);
    const made = await as(t.app, owner).post('/api/project-notices', body);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const pub = (await t.app.inject({ method: 'GET', url: `/api/public/notices/${id}` })).json().data;
    expect(pub).toMatchObject({ title: 'Correction of the opening time', projectId });
    expect(pub.content).not.toMatch(/script/);
    const listed = (await as(t.app, auditor).get(`/api/project-notices?projectId=${projectId}`)).json().rows;
    expect(listed.map((n: { noticeType: string }) => n.noticeType)).toEqual(
      expect.arrayContaining(['correction', 'result', 'announcement']),
    );
  });
});
