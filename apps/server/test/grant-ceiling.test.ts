import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perm } from '@lvb/contracts/permissions';
import { as, employeeWith, signInAs, TEST_PASSWORD } from './factories.ts';
import { createTestApp, signInEmployee, type TestApp } from './test-app.ts';

/** No user can grant, or take over, what it does not hold (DESIGN §5). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
});
afterAll(() => t.close());

const permissionsOf = async (token: string) =>
  (await as(t.app, token).get('/api/user/info')).json().rows.user.permissions as string[];

describe('roles: the data scope', () => {
  const roleAdminPerms = [
    Perm.system.role.list,
    Perm.system.role.query,
    Perm.system.role.add,
    Perm.system.role.edit,
    Perm.system.user.list,
  ];

  it('refuses a role administrator (own department and below) saving its own role with scope "all"', async () => {
    const me = await employeeWith(t, admin, roleAdminPerms, { dataScope: '4' });
    const role = (await as(t.app, me.token).get(`/api/system/roles/${me.roleId}`)).json().data;
    const widened = await as(t.app, me.token).put(`/api/system/roles/${me.roleId}`, {
      roleKey: role.roleKey,
      name: role.name,
      dataScope: '1',
      menuIds: role.menuIds,
    });
    expect(widened.statusCode, widened.body).toBe(403);
    expect(widened.json().msg).toMatch(/data scope "all".*wider than your own/);
    // Still sees what it saw: the role is unchanged.
    expect((await as(t.app, admin).get(`/api/system/roles/${me.roleId}`)).json().data.dataScope).toBe('4');
  });

  it('refuses creating a role wider than its own, and allows one as wide or narrower', async () => {
    const me = await employeeWith(t, admin, roleAdminPerms, { dataScope: '4' });
    const base = { name: 'Scoped', menuIds: [] as number[] };
    const wide = await as(t.app, me.token).post('/api/system/roles', { ...base, roleKey: 'too_wide', dataScope: '1' });
    expect(wide.statusCode).toBe(403);
    const org = await as(t.app, me.token).post('/api/system/roles', { ...base, roleKey: 'org_wide', dataScope: '3' });
    expect(org.statusCode).toBe(403);
    const same = await as(t.app, me.token).post('/api/system/roles', {
      ...base,
      roleKey: 'same_scope',
      dataScope: '4',
    });
    expect(same.json().code).toBe(200);
    const narrower = await as(t.app, me.token).post('/api/system/roles', {
      ...base,
      roleKey: 'own_only',
      dataScope: '5',
    });
    expect(narrower.json().code).toBe(200);
  });

  it('refuses granting a user a role whose scope is wider than the granter’s', async () => {
    const me = await employeeWith(t, admin, [Perm.system.user.list, Perm.system.user.add, Perm.system.user.query], {
      dataScope: '4',
    });
    const wideRole = (
      await as(t.app, admin).post('/api/system/roles', {
        roleKey: 'wide_empty',
        name: 'Wide',
        dataScope: '1',
        menuIds: [],
      })
    ).json().data.id;
    const res = await as(t.app, me.token).post('/api/system/users', {
      loginUid: 'scopeclimber',
      name: 'Climber',
      deptId: (await as(t.app, me.token).get('/api/user/info')).json().rows.user.deptId,
      roleIds: [wideRole],
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toMatch(/data scope "all"/);
  });
});

describe('menus: the permission an entry carries', () => {
  const menuAdminPerms = [Perm.system.menu.list, Perm.system.menu.query, Perm.system.menu.edit, Perm.system.menu.add];

  it('refuses a menu administrator putting a permission it lacks on a button its own role holds', async () => {
    const me = await employeeWith(t, admin, menuAdminPerms);
    const menus = (await as(t.app, me.token).get('/api/system/menus')).json().data as {
      id: number;
      perms: string | null;
    }[];
    const ownButton = menus.find((m) => m.perms === Perm.system.menu.query)!;
    const row = (await as(t.app, me.token).get(`/api/system/menus/${ownButton.id}`)).json().data;
    const body = { ...row, component: row.component ?? undefined, query: row.query ?? undefined };
    const res = await as(t.app, me.token).put(`/api/system/menus/${ownButton.id}`, {
      ...body,
      perms: 'system:config:list',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toMatch(/system:config:list, which you do not hold/);
    const again = await me.signIn();
    expect(await permissionsOf(again)).not.toContain('system:config:list');
    // Renaming the same button, its permission untouched, is still allowed.
    expect(
      (await as(t.app, me.token).put(`/api/system/menus/${ownButton.id}`, { ...body, name: 'Query (renamed)' })).json()
        .code,
    ).toBe(200);
  });

  it('refuses taking a permission it lacks off an entry, and creating an entry that carries one', async () => {
    const me = await employeeWith(t, admin, menuAdminPerms);
    const menus = (await as(t.app, me.token).get('/api/system/menus')).json().data as {
      id: number;
      perms: string | null;
      menuType: string;
      parentId: number;
    }[];
    const foreign = menus.find((m) => m.perms === 'system:config:list')!;
    const row = (await as(t.app, me.token).get(`/api/system/menus/${foreign.id}`)).json().data;
    const body = { ...row, component: row.component ?? undefined, query: row.query ?? undefined };
    expect(
      (await as(t.app, me.token).put(`/api/system/menus/${foreign.id}`, { ...body, perms: Perm.system.menu.list }))
        .statusCode,
    ).toBe(403);
    const page = menus.find((m) => m.id === menus.find((x) => x.perms === Perm.system.menu.query)!.parentId)!;
    const created = await as(t.app, me.token).post('/api/system/menus', {
      parentId: page.id,
      name: 'Sneaky',
      menuType: 'F',
      perms: 'system:config:edit',
    });
    expect(created.statusCode).toBe(403);
  });
});

describe('users: taking over an account by resetting its password', () => {
  const resetterPerms = [Perm.system.user.list, Perm.system.user.query, Perm.system.user.resetPwd];

  it('refuses resetting the password of an owner holding project permissions the resetter lacks', async () => {
    const me = await employeeWith(t, admin, resetterPerms);
    const owners = (await as(t.app, admin).get('/api/system/users?loginUid=owner1')).json().rows as {
      userId: number;
    }[];
    const res = await as(t.app, me.token).put(`/api/system/users/${owners[0]!.userId}/password`, {
      password: 'Taken-over9',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/cannot take over this account/);
    // The owner's password is unchanged.
    expect(await signInEmployee(t, 'owner1', 'Demo@2026')).toMatch(/\S{20,}/);
  });

  it('refuses resetting one holding role permissions the resetter lacks, allows one holding less', async () => {
    const me = await employeeWith(t, admin, resetterPerms);
    const roleAdmin = await employeeWith(t, admin, [Perm.system.role.list, Perm.system.role.edit]);
    expect(
      (await as(t.app, me.token).put(`/api/system/users/${roleAdmin.userId}/password`, { password: 'Taken-over9' }))
        .statusCode,
    ).toBe(403);
    const lesser = await employeeWith(t, admin, [Perm.system.user.list]);
    const ok = await as(t.app, me.token).put(`/api/system/users/${lesser.userId}/password`, {
      password: 'Reset-pass9',
    });
    expect(ok.json().code).toBe(200);
    expect(await signInEmployee(t, lesser.loginUid, 'Reset-pass9')).toMatch(/\S{20,}/);
  });

  it('lets the administrator reset anyone but an administrator', async () => {
    const target = await employeeWith(t, admin, [Perm.system.role.list]);
    expect(
      (await as(t.app, admin).put(`/api/system/users/${target.userId}/password`, { password: 'Admin-set9' })).json()
        .code,
    ).toBe(200);
  });
});
