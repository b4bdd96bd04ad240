import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  adminApp,
  as,
  deptIdByName,
  employeeWith,
  roleIdByKey,
  rootDeptId,
  signInAs,
  userInfo,
} from './factories.ts';
import { DEMO_PASSWORD, signInEmployee, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('employee accounts', () => {
  it('lists employees with filters and paging, without suppliers', async () => {
    const all = (await as(t.app, admin).get('/api/system/users?pageSize=100')).json();
    expect(all.total).toBe(9);
    expect(all.rows.map((u: { loginUid: string }) => u.loginUid).sort()).toEqual([
      'admin',
      'auditor1',
      'expert1',
      'expert2',
      'expert3',
      'finance1',
      'guarantor1',
      'owner1',
      'supervisor1',
    ]);
    const page = (await as(t.app, admin).get('/api/system/users?pageNum=2&pageSize=4')).json();
    expect(page.rows).toHaveLength(4);
    expect(page.total).toBe(9);
    const owners = (await as(t.app, admin).get('/api/system/users?roleKey=owner')).json();
    expect(owners.rows).toEqual([
      expect.objectContaining({
        loginUid: 'owner1',
        deptName: 'Demo Owner',
        roles: [expect.objectContaining({ roleKey: 'owner' })],
      }),
    ]);
    expect((await as(t.app, admin).get('/api/system/users?name=grace')).json().rows[0].loginUid).toBe('guarantor1');
    expect((await as(t.app, admin).get('/api/system/users?pageSize=101')).json()).toMatchObject({
      code: 500,
      msg: expect.stringContaining('pageSize'),
    });
  });

  it('creates an employee who can sign in with the given role, and refuses a taken user name', async () => {
    const auditorRole = await roleIdByKey(t, admin, 'auditor');
    const deptId = await deptIdByName(t, admin, 'Audit');
    const created = await as(t.app, admin).post('/api/system/users', {
      loginUid: 'auditor2',
      name: 'Amy Auditor',
      tel: '13811110001',
      deptId,
      roleIds: [auditorRole],
      password: 'Audit-2026x',
    });
    expect(created.json()).toMatchObject({ code: 200, data: { userId: expect.any(Number) } });
    const token = await signInEmployee(t, 'auditor2', 'Audit-2026x');
    const me = (await as(t.app, token).get('/api/user/info')).json().rows.user;
    expect(me).toMatchObject({ roles: ['auditor'], deptName: 'Audit' });
    const again = await as(t.app, admin).post('/api/system/users', {
      loginUid: 'Auditor2',
      name: 'X',
      deptId,
      roleIds: [],
      password: 'Audit-2026x',
    });
    expect(again.json()).toEqual({ code: 500, msg: 'this user name is already taken' });
    const bad = await as(t.app, admin).post('/api/system/users', {
      loginUid: '9x',
      name: '',
      deptId,
      password: 'short',
    });
    expect(bad.json().code).toBe(500);
    expect(bad.json().msg).toMatch(/loginUid|name|password/);
  });

  it('disables an account: its sessions end and it cannot sign in; enabling restores it', async () => {
    const token = await signInAs(t, 'supervisor1');
    const list = (await as(t.app, admin).get('/api/system/users?loginUid=supervisor1')).json();
    const id = list.rows[0].userId;
    expect((await as(t.app, admin).put(`/api/system/users/${id}/status`, { status: '1' })).json().code).toBe(200);
    expect((await as(t.app, token).get('/api/user/info')).json().code).toBe(50001);
    await expect(signInEmployee(t, 'supervisor1', DEMO_PASSWORD)).rejects.toThrow(/disabled/);
    await as(t.app, admin).put(`/api/system/users/${id}/status`, { status: '0' });
    const again = await signInEmployee(t, 'supervisor1', DEMO_PASSWORD);
    expect(await userInfo(t, again)).toMatchObject({ logUid: 'supervisor1', roles: ['supervisor'] });
  });

  it('resets a password and removes an account', async () => {
    const id = (await as(t.app, admin).get('/api/system/users?loginUid=finance1')).json().rows[0].userId;
    expect(
      (await as(t.app, admin).put(`/api/system/users/${id}/password`, { password: 'Reset-2026x' })).json().code,
    ).toBe(200);
    await expect(signInEmployee(t, 'finance1', DEMO_PASSWORD)).rejects.toThrow();
    expect(await userInfo(t, await signInEmployee(t, 'finance1', 'Reset-2026x'))).toMatchObject({ logUid: 'finance1' });
    expect((await as(t.app, admin).del(`/api/system/users/${id}`)).json().code).toBe(200);
    await expect(signInEmployee(t, 'finance1', 'Reset-2026x')).rejects.toThrow(/wrong user name or password/);
    expect((await as(t.app, admin).get(`/api/system/users/${id}`)).json().code).toBe(404);
    // The user name is free again for a new account.
    const deptId = await rootDeptId(t, admin);
    expect(
      (
        await as(t.app, admin).post('/api/system/users', {
          loginUid: 'finance1',
          name: 'New Finance',
          deptId,
          roleIds: [],
          password: 'Finance-2026x',
        })
      ).json().code,
    ).toBe(200);
  });

  it('refuses to remove or disable oneself and the administrator', async () => {
    const adminId = (await as(t.app, admin).get('/api/user/info')).json().rows.user.empId;
    expect((await as(t.app, admin).del(`/api/system/users/${adminId}`)).json().msg).toBe(
      'you cannot remove your own account',
    );
    const manager = await employeeWith(t, admin, ['system:user:list', 'system:user:edit', 'system:user:remove']);
    expect(
      (await as(t.app, manager.token).put(`/api/system/users/${adminId}/status`, { status: '1' })).json(),
    ).toMatchObject({ code: -1, msg: 'only an administrator may disable an administrator' });
  });

  it('exports the filtered list to an Excel file', async () => {
    const res = await as(t.app, admin).get('/api/system/users/export?roleKey=owner');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment; filename="employees.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('User name');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('owner1');
  });
});

describe('permissions and the grant ceiling', () => {
  it('answers 403 to a user without the permission, for every call of the page', async () => {
    const owner = await signInAs(t, 'owner1');
    for (const [method, url] of [
      ['GET', '/api/system/users'],
      ['GET', '/api/system/users/export'],
      ['POST', '/api/system/users'],
      ['GET', '/api/system/roles'],
      ['GET', '/api/system/menus'],
      ['GET', '/api/system/depts'],
      ['GET', '/api/base/logs/operations'],
      ['GET', '/api/manager/suppliers'],
      ['GET', '/api/people/auditors'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${owner}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: 'no permission for the current operation' });
    }
  });

  it('opens the calls to either page that shows employees (system/user or manager/auser)', async () => {
    const viaAuser = await employeeWith(t, admin, ['manager:auser:list']);
    expect((await as(t.app, viaAuser.token).get('/api/system/users')).json().code).toBe(200);
    expect((await as(t.app, viaAuser.token).post('/api/system/users', {})).statusCode).toBe(403);
  });

  it('refuses to grant a role that carries permissions the granting user lacks', async () => {
    const hr = await employeeWith(t, admin, [
      'system:user:list',
      'system:user:add',
      'system:user:edit',
      'system:role:list',
    ]);
    const auditorRole = await roleIdByKey(t, admin, 'auditor');
    const deptId = await rootDeptId(t, admin);
    const res = await as(t.app, hr.token).post('/api/system/users', {
      loginUid: 'sneaky1',
      name: 'Sneaky',
      deptId,
      roleIds: [auditorRole],
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/you cannot grant a role with the permission .* which you do not hold/);
    // Nothing was written.
    expect((await as(t.app, admin).get('/api/system/users?loginUid=sneaky1')).json().total).toBe(0);
    // The user's own role is within the ceiling.
    const own = await as(t.app, hr.token).post('/api/system/users', {
      loginUid: 'helper1',
      name: 'Helper',
      deptId,
      roleIds: [hr.roleId],
      password: TEST_PASSWORD,
    });
    expect(own.json().code).toBe(200);
  });

  it('never grants the administrator role, not even an administrator', async () => {
    const adminRole = await roleIdByKey(t, admin, 'admin');
    const deptId = await rootDeptId(t, admin);
    const res = await as(t.app, admin).post('/api/system/users', {
      loginUid: 'second_admin',
      name: 'Second',
      deptId,
      roleIds: [adminRole],
      password: TEST_PASSWORD,
    });
    expect(res.json()).toEqual({ code: -1, msg: 'the administrator role cannot be granted' });
  });

  it('limits a role with the department data scope to its department and below', async () => {
    const auditDept = await deptIdByName(t, admin, 'Audit');
    const lead = await employeeWith(t, admin, ['system:user:list', 'system:user:query'], {
      dataScope: '4',
      deptId: auditDept,
    });
    const seen = (await as(t.app, lead.token).get('/api/system/users?pageSize=100'))
      .json()
      .rows.map((u: { deptName: string }) => u.deptName);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Audit']));
    const ownerId = (await as(t.app, admin).get('/api/system/users?loginUid=owner1')).json().rows[0].userId;
    expect((await as(t.app, lead.token).get(`/api/system/users/${ownerId}`)).json().code).toBe(404);
  });

  it('limits the self data scope to the user alone', async () => {
    const self = await employeeWith(t, admin, ['system:user:list'], { dataScope: '5' });
    const rows = (await as(t.app, self.token).get('/api/system/users')).json().rows;
    expect(rows.map((u: { loginUid: string }) => u.loginUid)).toEqual([self.loginUid]);
  });

  it("limits the organisation data scope to the user's organisation", async () => {
    const demoOwner = await deptIdByName(t, admin, 'Demo Owner');
    const orgLead = await employeeWith(t, admin, ['system:user:list'], { dataScope: '3', deptId: demoOwner });
    const names = (await as(t.app, orgLead.token).get('/api/system/users?pageSize=100'))
      .json()
      .rows.map((u: { loginUid: string }) => u.loginUid);
    expect(names.sort()).toEqual(['owner1', orgLead.loginUid].sort());
  });
});
