import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, adminApp, as, userInfo } from './factories.ts';
import { ageSmsCodes, signInEmployee, signInSupplier, smsCodeFor, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const companyId = async (name: string) =>
  (
    (await as(t.app, admin).get(`/api/manager/suppliers?compName=${encodeURIComponent(name)}`)).json().rows[0] as {
      compId: number;
    }
  ).compId;

describe('supplier accounts', () => {
  it('lists companies with completeness and filters by it', async () => {
    const all = (await as(t.app, admin).get('/api/manager/suppliers')).json();
    expect(all.total).toBe(3);
    const incomplete = (await as(t.app, admin).get('/api/manager/suppliers?incomplete=true')).json().rows;
    expect(incomplete).toEqual([
      expect.objectContaining({ compName: 'Ningbo Hengtai Services Co., Ltd.', complete: false, userCount: 1 }),
    ]);
    const detail = (await as(t.app, admin).get(`/api/manager/suppliers/${incomplete[0].compId}`)).json().data;
    expect(detail.users).toEqual([expect.objectContaining({ tel: '13900000003', status: '0' })]);
  });

  it('blacklists with a reason: the users are signed out and cannot sign in; lifting restores them', async () => {
    const token = await signInSupplier(t, '13900000002');
    const id = await companyId('Zhejiang Lianhe');
    expect((await as(t.app, admin).put(`/api/manager/suppliers/${id}/blacklist`, { reason: '' })).json().msg).toMatch(
      /reason/,
    );
    expect(
      (
        await as(t.app, admin).put(`/api/manager/suppliers/${id}/blacklist`, {
          reason: 'Forged qualification documents',
        })
      ).json().code,
    ).toBe(200);
    expect((await as(t.app, token).get('/api/user/info')).json().code).toBe(50001);
    const row = (await as(t.app, admin).get(`/api/manager/suppliers/${id}`)).json().data;
    expect(row).toMatchObject({ status: '2', blacklistReason: 'Forged qualification documents' });
    await ageSmsCodes(t, '13900000002', 120);
    await expect(signInSupplier(t, '13900000002')).rejects.toThrow(/blacklisted/);
    expect((await as(t.app, admin).put(`/api/manager/suppliers/${id}/status`, { status: '0' })).json().msg).toMatch(
      /lift the blacklisting first/,
    );
    expect((await as(t.app, admin).del(`/api/manager/suppliers/${id}/blacklist`)).json().code).toBe(200);
    await ageSmsCodes(t, '13900000002', 120);
    expect(await userInfo(t, await signInSupplier(t, '13900000002'))).toMatchObject({
      logTel: '13900000002',
      company: { compName: 'Zhejiang Lianhe Survey and Design Co., Ltd.' },
    });
  });

  it('disables a company with the reason, and enables it', async () => {
    const id = await companyId('Hangzhou Jianye');
    expect((await as(t.app, admin).put(`/api/manager/suppliers/${id}/status`, { status: '1' })).json().msg).toMatch(
      /reason/,
    );
    expect(
      (
        await as(t.app, admin).put(`/api/manager/suppliers/${id}/status`, { status: '1', reason: 'Licence expired' })
      ).json().msg,
    ).toBe('company disabled');
    expect((await as(t.app, admin).get(`/api/manager/suppliers/${id}`)).json().data).toMatchObject({
      status: '1',
      statusReason: 'Licence expired',
      blacklistReason: null,
    });
    await expect(signInSupplier(t, '13900000001')).rejects.toThrow(/disabled/);
    expect((await as(t.app, admin).put(`/api/manager/suppliers/${id}/status`, { status: '0' })).json().msg).toBe(
      'company enabled',
    );
  });
});

describe('people by function', () => {
  it('creates an auditor in one step: the role and the department follow from the function', async () => {
    const res = await as(t.app, admin).post('/api/people/auditors', {
      loginUid: 'auditor9',
      name: 'Ada Auditor',
      password: TEST_PASSWORD,
    });
    expect(res.json().code).toBe(200);
    const me = (await as(t.app, await signInEmployee(t, 'auditor9', TEST_PASSWORD)).get('/api/user/info')).json().rows
      .user;
    expect(me).toMatchObject({ roles: ['auditor'], deptName: 'Audit' });
    const list = (await as(t.app, admin).get('/api/people/auditors'))
      .json()
      .rows.map((u: { loginUid: string }) => u.loginUid);
    expect(list.sort()).toEqual(['auditor1', 'auditor9']);
    expect(
      (await as(t.app, admin).get('/api/people/supervisors')).json().rows.map((u: { loginUid: string }) => u.loginUid),
    ).toEqual(['supervisor1']);
  });

  it('asks platform staff for their role, and owners for their organisation', async () => {
    expect(
      (
        await as(t.app, admin).post('/api/people/staff', { loginUid: 'staff9', name: 'S', password: TEST_PASSWORD })
      ).json(),
    ).toMatchObject({ msg: expect.stringMatching(/guarantee staff or finance/) });
    expect(
      (
        await as(t.app, admin).post('/api/people/staff', {
          loginUid: 'staff9',
          name: 'S',
          roleKey: 'finance',
          password: TEST_PASSWORD,
        })
      ).json().code,
    ).toBe(200);
    expect(
      (
        await as(t.app, admin).post('/api/people/owners', { loginUid: 'owner9', name: 'O', password: TEST_PASSWORD })
      ).json().msg,
    ).toMatch(/organisation/);
    const org = (
      await as(t.app, admin).post('/api/people/owner-organisations', {
        name: 'Xihu District Education Bureau',
        leader: 'Hu Jun',
      })
    ).json().data.id;
    expect(
      (
        await as(t.app, admin).post('/api/people/owners', {
          loginUid: 'owner9',
          name: 'Olga',
          deptId: org,
          password: TEST_PASSWORD,
        })
      ).json().code,
    ).toBe(200);
    const orgs = (await as(t.app, admin).get('/api/people/owner-organisations')).json().data;
    expect(orgs.find((o: { name: string }) => o.name === 'Xihu District Education Bureau')).toMatchObject({
      staffCount: 1,
    });
  });

  it("approves an owner's account request: the account exists and its password arrives by SMS", async () => {
    const tel = '13600000031';
    const { uuid, msgCode } = await smsCodeFor(t.app, tel, 'register');
    await t.app.inject({
      method: 'POST',
      url: '/api/employee/register',
      payload: {
        orgName: 'Binjiang Parks Office',
        departCategory: 'government',
        contactName: 'Pan Yi',
        tel,
        msgCode,
        uuid,
        loginUid: 'binjiang_parks',
      },
    });
    const request = (await as(t.app, admin).get('/api/people/owner-requests?status=pending')).json().rows[0];
    expect(request).toMatchObject({ loginUid: 'binjiang_parks', status: 'pending' });
    expect((await as(t.app, admin).post(`/api/people/owner-requests/${request.id}/approve`)).json().code).toBe(200);
    const sms = (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` })).json().rows[0]
      .content as string;
    const initial = /Initial password: (\S+)\./.exec(sms)![1]!;
    const me = (await as(t.app, await signInEmployee(t, 'binjiang_parks', initial)).get('/api/user/info')).json().rows
      .user;
    expect(me).toMatchObject({ roles: ['owner'], deptName: 'Binjiang Parks Office' });
    const again = await as(t.app, admin).post(`/api/people/owner-requests/${request.id}/reject`, {
      reason: 'Duplicate',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('an account request that is approved cannot be rejected');
  });

  it('does not let one function page touch people of another', async () => {
    const supervisorId = (await as(t.app, admin).get('/api/people/supervisors')).json().rows[0].userId;
    expect(
      (await as(t.app, admin).put(`/api/people/auditors/${supervisorId}/status`, { status: '1' })).json().code,
    ).toBe(404);
  });
});
