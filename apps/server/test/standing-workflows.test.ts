import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit-trail/audit-trail.service.ts';
import { adminApp, as, signInAs } from './factories.ts';
import { bearer, signInEmployee, type TestApp } from './test-app.ts';

/**
 * The company standing (manager/user) and the back-office account requests (bidperson/yezhu) are
 * workflows on the shared engine: each move is read under the row's lock and written by one
 * conditional UPDATE with its audit row, so racing administrators cannot both pass a check, and an
 * approval creates its account exactly once.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A supplier company written straight to the database, in the status given. */
async function company(n: number, status: '0' | '1' | '2' = '0') {
  const [row] = await rows<{ id: number }>(sql`
    insert into companies (name, credit_code, status)
    values (${`Standing Test ${n} Co., Ltd.`}, ${`91330100STAND${String(n).padStart(5, '0')}`}, ${status})
    returning id`);
  return row!.id;
}

/** A pending back-office account request written straight to the database. */
async function accountRequest(n: number) {
  const [row] = await rows<{ id: number }>(sql`
    insert into account_requests (org_name, depart_category, contact_name, tel, login_uid)
    values (${`Request Test Office ${n}`}, 'government', ${`Contact ${n}`}, ${`1370000${String(n).padStart(4, '0')}`},
      ${`request_owner${n}`})
    returning id`);
  return row!.id;
}

const auditOf = (subject: string, id: number) =>
  rows<{ action: string; actor_name: string; data: { from: string; to: string; reason?: string } }>(
    sql`select action, actor_name, data from audit_trail where subject_type = ${subject} and subject_id = ${id} order by id`,
  );

const statusOfCompany = async (id: number) =>
  (
    await rows<{ status: string; status_reason: string | null }>(
      sql`select status, status_reason from companies where id = ${id}`,
    )
  )[0]!;

describe('account requests', () => {
  it('20 simultaneous approvals of one request make exactly one account; the others get 409', async () => {
    const id = await accountRequest(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(t.app, admin).post(`/api/people/owner-requests/${id}/approve`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      String(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      String(statuses),
    ).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().msg).toMatch(
        /^(an account request that is approved cannot be approved|the account request changed meanwhile)/,
      );

    const accounts = await rows<{ id: number }>(
      sql`select id from users where login_uid = 'request_owner1' and deleted_at is null`,
    );
    expect(accounts).toHaveLength(1);
    expect(answers.find((a) => a.statusCode === 200)!.json().data.userId).toBe(accounts[0]!.id);
    expect(await rows(sql`select id from departments where name = 'Request Test Office 1'`)).toHaveLength(1);
    expect(await auditOf('account_request', id)).toEqual([
      { action: 'account_request.approve', actor_name: 'admin', data: { from: 'pending', to: 'approved' } },
    ]);
    // One password went out, Chinese first then English; it signs the owner in.
    const sms = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?tel=13700000001' })).json().rows;
    expect(sms).toHaveLength(1);
    expect(sms[0].content).toMatch(
      /^您的后台账号“request_owner1”已审核通过，初始密码：\S+，请登录后修改。 Your back-office account/,
    );
    const password = /Initial password: (\S+?)\. /.exec(sms[0].content)![1]!;
    expect(await signInEmployee(t, 'request_owner1', password)).toBeTruthy();
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  }, 60_000);

  it('an approval and a rejection at once: one of them wins, and the loser changes nothing', async () => {
    const id = await accountRequest(2);
    const [approve, reject] = await Promise.all([
      as(t.app, admin).post(`/api/people/owner-requests/${id}/approve`),
      as(t.app, admin).post(`/api/people/owner-requests/${id}/reject`, { reason: 'Not an owner organisation' }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const [request] = await rows<{ status: string; review_note: string | null }>(
      sql`select status, review_note from account_requests where id = ${id}`,
    );
    const accounts = await rows(sql`select id from users where login_uid = 'request_owner2'`);
    if (approve.statusCode === 200) {
      expect(request).toEqual({ status: 'approved', review_note: null });
      expect(accounts).toHaveLength(1);
    } else {
      expect(request).toEqual({ status: 'rejected', review_note: 'Not an owner organisation' });
      expect(accounts).toHaveLength(0);
    }
    expect(await auditOf('account_request', id)).toHaveLength(1);
  }, 60_000);

  it('refuses a review of a reviewed request (409, naming its status in both languages) and a rejection without reason (400)', async () => {
    const id = await accountRequest(3);
    const noReason = await as(t.app, admin).post(`/api/people/owner-requests/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toMatch(/reason/);
    const blank = await as(t.app, admin).post(`/api/people/owner-requests/${id}/reject`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);

    const rejected = await as(t.app, admin).post(`/api/people/owner-requests/${id}/reject`, {
      reason: 'Duplicate request',
    });
    expect(rejected.json()).toMatchObject({ code: 200, msg: 'request rejected' });
    const sms = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?tel=13700000003' })).json().rows;
    expect(sms[0].content).toBe(
      '您的后台账号申请未通过：Duplicate request Your back-office account request was not approved: Duplicate request',
    );
    expect(await auditOf('account_request', id)).toEqual([
      {
        action: 'account_request.reject',
        actor_name: 'admin',
        data: { from: 'pending', to: 'rejected', reason: 'Duplicate request' },
      },
    ]);

    const again = await as(t.app, admin).post(`/api/people/owner-requests/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('an account request that is rejected cannot be approved');
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/people/owner-requests/${id}/reject`,
      headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
      payload: { reason: 'Once more' },
    });
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe('状态为“已驳回”的账号申请不能驳回');
    expect(await rows(sql`select id from users where login_uid = 'request_owner3'`)).toHaveLength(0);

    expect((await as(t.app, admin).post('/api/people/owner-requests/999999/approve')).statusCode).toBe(404);
  });

  it('answers a retried approval with the same Idempotency-Key with the first answer', async () => {
    const id = await accountRequest(4);
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/people/owner-requests/${id}/approve`,
        headers: { ...bearer(admin), 'idempotency-key': `approve-${id}` },
        payload: {},
      });
    const first = await approve();
    expect(first.statusCode).toBe(200);
    const retry = await approve();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await rows(sql`select id from users where login_uid = 'request_owner4'`)).toHaveLength(1);
  });

  it('leaves the request pending when its account cannot be made, and creates nothing', async () => {
    const id = await accountRequest(5);
    // The user name was taken after the request was made.
    await t.database.db.execute(
      sql`insert into users (types, login_uid, name, password_hash) values (0, 'request_owner5', 'Someone', 'x')`,
    );
    const res = await as(t.app, admin).post(`/api/people/owner-requests/${id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/user name is already taken/);
    const [request] = await rows<{ status: string }>(sql`select status from account_requests where id = ${id}`);
    expect(request!.status).toBe('pending');
    expect(await rows(sql`select id from departments where name = 'Request Test Office 5'`)).toHaveLength(0);
    expect(await auditOf('account_request', id)).toHaveLength(0);
  });
});

describe('company standing', () => {
  const put = (id: number, what: 'status' | 'blacklist', body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/manager/suppliers/${id}/${what}`,
      headers: { ...bearer(admin), ...headers },
      payload: body,
    });
  const lift = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/manager/suppliers/${id}/blacklist`, headers: bearer(admin) });

  it('simultaneous enables, disables and blacklistings leave one consistent status and one audit row per move', async () => {
    const id = await company(1);
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? put(id, 'status', { status: '1', reason: `Disabled ${i}` })
        : i % 3 === 1
          ? put(id, 'blacklist', { reason: `Blacklisted ${i}` })
          : put(id, 'status', { status: '0' }),
    );
    const answers = await Promise.all(calls);
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      String(statuses),
    ).toBe(true);
    const moves = await auditOf('company', id);
    expect(moves).toHaveLength(statuses.filter((s) => s === 200).length);
    // The moves chain: each starts where the one before ended, from active to the status now.
    let at = '0';
    for (const m of moves) {
      expect(m.data.from).toBe(at);
      at = m.data.to;
    }
    const now = await statusOfCompany(id);
    expect(now.status).toBe(at);
    // The reason is the one of the move that set the status, or none when it is active.
    expect(now.status_reason).toBe(moves.at(-1)?.data.reason ?? null);
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  }, 60_000);

  it('moves a company through its standing with the reasons, and shows its timeline', async () => {
    const id = await company(2);
    const disabled = await put(id, 'status', { status: '1', reason: 'Licence expired' });
    expect(disabled.json()).toMatchObject({ code: 200, msg: 'company disabled' });
    expect(await statusOfCompany(id)).toEqual({ status: '1', status_reason: 'Licence expired' });
    expect((await put(id, 'blacklist', { reason: 'Forged documents' })).json().code).toBe(200);
    expect((await lift(id)).json()).toMatchObject({ code: 200, msg: 'blacklisting lifted' });
    expect(await statusOfCompany(id)).toEqual({ status: '0', status_reason: null });
    expect((await put(id, 'status', { status: '1', reason: 'Asked to pause' })).json().code).toBe(200);
    expect((await put(id, 'status', { status: '0' })).json()).toMatchObject({ code: 200, msg: 'company enabled' });

    const detail = (await as(t.app, admin).get(`/api/manager/suppliers/${id}`)).json().data;
    expect(detail).toMatchObject({ status: '0', statusReason: null, blacklistReason: null });
    expect(detail.timeline.map((e: { action: string; actorName: string; data: object }) => [e.action, e.data])).toEqual(
      [
        ['company.disable', { from: '0', to: '1', reason: 'Licence expired' }],
        ['company.blacklist', { from: '1', to: '2', reason: 'Forged documents' }],
        ['company.lift_blacklist', { from: '2', to: '0' }],
        ['company.disable', { from: '0', to: '1', reason: 'Asked to pause' }],
        ['company.enable', { from: '1', to: '0' }],
      ],
    );
    expect(detail.timeline.every((e: { actorName: string }) => e.actorName === 'admin')).toBe(true);
  });

  it('refuses a move its status does not allow (409, naming the status in both languages) and a missing reason (400)', async () => {
    const id = await company(3);
    const enable = await put(id, 'status', { status: '0' });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().msg).toBe('a company that is active cannot be enabled');
    const enableZh = await put(id, 'status', { status: '0' }, { 'accept-language': 'zh-CN' });
    expect(enableZh.json().msg).toBe('状态为“正常”的企业不能启用');
    expect((await lift(id)).json().msg).toBe('a company that is active cannot be taken off the blacklist');

    for (const body of [{ status: '1' }, { status: '1', reason: ' ' }]) {
      const res = await put(id, 'status', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/reason/);
    }
    expect((await put(id, 'blacklist', {})).statusCode).toBe(400);
    expect((await statusOfCompany(id)).status).toBe('0');

    expect((await put(id, 'blacklist', { reason: 'Bid rigging' })).statusCode).toBe(200);
    const disable = await put(id, 'status', { status: '1', reason: 'Something else' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().msg).toBe('a company that is blacklisted cannot be disabled: lift the blacklisting first');
    const disableZh = await put(id, 'status', { status: '1', reason: 'Something else' }, { 'accept-language': 'zh' });
    expect(disableZh.json().msg).toBe('状态为“黑名单”的企业不能停用，请先解除黑名单');
    const again = await put(id, 'blacklist', { reason: 'Twice' });
    expect(again.json().msg).toBe('a company that is blacklisted cannot be blacklisted');
    expect(await statusOfCompany(id)).toEqual({ status: '2', status_reason: 'Bid rigging' });
    expect(await auditOf('company', id)).toHaveLength(1);

    expect((await put(999999, 'status', { status: '0' })).statusCode).toBe(404);
  });

  it('lets only holders of the events’ permissions move a company', async () => {
    const id = await company(4);
    const auditor = await signInAs(t, 'auditor1');
    const res = await as(t.app, auditor).put(`/api/manager/suppliers/${id}/blacklist`, { reason: 'Not mine to say' });
    expect(res.statusCode).toBe(403);
    expect(await auditOf('company', id)).toHaveLength(0);
  });
});
