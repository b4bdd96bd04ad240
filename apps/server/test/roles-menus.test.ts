import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, as, employeeWith, menuIdsFor, roleIdByKey, rootDeptId, signInAs } from './factories.ts';
import type { TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

interface Route {
  component: string;
  children?: Route[];
}
const views = (rows: Route[]): string[] => rows.flatMap((r) => [r.component, ...views(r.children ?? [])]);

describe('roles', () => {
  it('creates a role with grants and a data scope, and answers it with its menu ids', async () => {
    const menuIds = await menuIdsFor(t.app, admin, ['base:log:list', 'base:log:export']);
    const created = await as(t.app, admin).post('/api/system/roles', {
      roleKey: 'log_reader',
      name: 'Log reader',
      dataScope: '4',
      menuIds,
    });
    expect(created.json().code).toBe(200);
    const role = (await as(t.app, admin).get(`/api/system/roles/${created.json().data.id}`)).json().data;
    expect(role).toMatchObject({ roleKey: 'log_reader', dataScope: '4', status: '0' });
    expect([...role.menuIds].sort()).toEqual([...menuIds].sort());
    expect((await as(t.app, admin).post('/api/system/roles', { roleKey: 'log_reader', name: 'Again' })).json()).toEqual(
      { code: 500, msg: 'a role with this key already exists' },
    );
  });

  it('refuses grants beyond what the editor holds, and *:*:* or admin at all', async () => {
    const editor = await employeeWith(t, admin, [
      'system:role:list',
      'system:role:add',
      'system:role:edit',
      'base:log:list',
    ]);
    const allowed = await menuIdsFor(t.app, admin, ['base:log:list']);
    expect(
      (
        await as(t.app, editor.token).post('/api/system/roles', {
          roleKey: 'readers',
          name: 'Readers',
          menuIds: allowed,
        })
      ).json().code,
    ).toBe(200);
    const beyond = await menuIdsFor(t.app, admin, ['system:user:remove']);
    const refused = await as(t.app, editor.token).post('/api/system/roles', {
      roleKey: 'removers',
      name: 'Removers',
      menuIds: beyond,
    });
    expect(refused.json()).toEqual({
      code: -1,
      msg: expect.stringMatching(/^you cannot grant the permission system:user:(list|remove), which you do not hold$/),
    });
    expect((await as(t.app, admin).post('/api/system/roles', { roleKey: 'admin', name: 'Admin 2' })).json().code).toBe(
      -1,
    );
    const adminRole = await roleIdByKey(t, admin, 'admin');
    expect(
      (await as(t.app, admin).put(`/api/system/roles/${adminRole}`, { roleKey: 'admin', name: 'Renamed' })).json(),
    ).toEqual({ code: -1, msg: 'the administrator role cannot be changed' });
    const star = await as(t.app, admin).post('/api/system/menus', {
      parentId: 0,
      name: 'All',
      menuType: 'F',
      perms: '*:*:*',
    });
    expect(star.json().code).toBe(500);
  });

  it('refuses to remove a role still granted to users', async () => {
    const ownerRole = await roleIdByKey(t, admin, 'owner');
    expect((await as(t.app, admin).del(`/api/system/roles/${ownerRole}`)).json().msg).toMatch(/still granted to users/);
  });

  it('changes what a user may do on their next request, and the menu on their next sign-in', async () => {
    const grower = await employeeWith(t, admin, ['base:log:list']);
    const token = grower.token;
    expect(views((await as(t.app, token).get('/api/system/menu/menu')).json().rows)).not.toContain('system/notice');
    expect((await as(t.app, token).get('/api/system/notices')).statusCode).toBe(403);
    const more = await menuIdsFor(t.app, admin, ['base:log:list', 'system:notice:list']);
    expect(
      (
        await as(t.app, admin).put(`/api/system/roles/${grower.roleId}`, {
          roleKey: grower.roleKey,
          name: 'Grows',
          menuIds: more,
        })
      ).json().code,
    ).toBe(200);
    expect((await as(t.app, token).get('/api/system/notices')).json().code).toBe(200);
    const again = await grower.signIn();
    expect(views((await as(t.app, again).get('/api/system/menu/menu')).json().rows)).toContain('system/notice');
  });
});

describe('menus', () => {
  it('creates a page only for a known view, under a directory, and shows it in the navigation', async () => {
    const dirs = (await as(t.app, admin).get('/api/system/menus?types=0'))
      .json()
      .data.filter((m: { menuType: string; path: string }) => m.menuType === 'M' && m.path === 'system');
    const addPage = (fields: object) =>
      as(t.app, admin).post('/api/system/menus', { parentId: dirs[0].id, menuType: 'C', ...fields });
    const unknown = await addPage({ name: 'X', path: 'x', component: 'no/such' });
    expect(unknown.json()).toEqual({ code: 500, field: 'component', msg: 'a page must name one of the known views' });
    const page = await addPage({
      name: 'Statistics copy',
      nameZh: '统计',
      path: 'stats-copy',
      component: 'seach/bidsc',
      perms: 'stats:copy:list',
      orderNum: 99,
    });
    expect(page.json().code).toBe(200);
    const again = await signInAs(t, 'admin');
    const system = (
      (await as(t.app, again).get('/api/system/menu/menu')).json().rows as (Route & { path: string })[]
    ).find((r) => r.path === '/system')!;
    expect(system.children!.at(-1)).toMatchObject({
      component: 'seach/bidsc',
      path: 'stats-copy',
      meta: { title: 'Statistics copy', titleZh: '统计' },
    });
  });

  it('refuses to remove an entry with children or held by a role, and to move an entry under itself', async () => {
    const all = (await as(t.app, admin).get('/api/system/menus')).json().data as {
      id: number;
      parentId: number;
      menuType: string;
      component: string | null;
    }[];
    const project = all.find((m) => m.component === 'item/project')!;
    expect((await as(t.app, admin).del(`/api/system/menus/${project.id}`)).json().msg).toBe(
      'remove the entries under it first',
    );
    const dir = all.find((m) => m.id === project.parentId)!;
    const moved = await as(t.app, admin).put(`/api/system/menus/${dir.id}`, {
      parentId: project.id,
      name: 'Projects',
      menuType: 'M',
      path: 'item',
    });
    expect(moved.json().code).toBe(500);
    const button = all.find((m) => m.parentId === project.id && m.menuType === 'F')!;
    expect((await as(t.app, admin).del(`/api/system/menus/${button.id}`)).json().msg).toMatch(
      /roles still hold this entry/,
    );
  });
});

describe('departments', () => {
  it('keeps the tree consistent when a department moves, and refuses to remove one in use', async () => {
    const root = await rootDeptId(t, admin);
    const a = (await as(t.app, admin).post('/api/system/depts', { parentId: root, name: 'Region A' })).json().data.id;
    const b = (await as(t.app, admin).post('/api/system/depts', { parentId: a, name: 'Team B' })).json().data.id;
    const c = (await as(t.app, admin).post('/api/system/depts', { parentId: b, name: 'Crew C' })).json().data.id;
    const ops = (await as(t.app, admin).get('/api/system/depts?name=Operations')).json().data[0].id;
    expect((await as(t.app, admin).put(`/api/system/depts/${b}`, { parentId: ops, name: 'Team B' })).json().code).toBe(
      200,
    );
    const crew = (await as(t.app, admin).get(`/api/system/depts/${c}`)).json().data;
    expect(crew.ancestors).toBe(`0,${root},${ops},${b}`);
    expect((await as(t.app, admin).put(`/api/system/depts/${a}`, { parentId: a, name: 'Region A' })).json().code).toBe(
      500,
    );
    expect((await as(t.app, admin).del(`/api/system/depts/${b}`)).json().msg).toBe('remove its sub-departments first');
    const audit = (await as(t.app, admin).get('/api/system/depts?name=Audit')).json().data[0].id;
    expect((await as(t.app, admin).del(`/api/system/depts/${audit}`)).json().msg).toMatch(/still has users/);
    expect((await as(t.app, admin).del(`/api/system/depts/${c}`)).json().code).toBe(200);
    const tree = (await as(t.app, admin).get('/api/system/depts/tree')).json().data;
    expect(tree[0]).toMatchObject({ label: 'Platform', children: expect.any(Array) });
  });
});

describe('dictionaries', () => {
  it('adds a type and entries that the public dictionary call then answers', async () => {
    expect(
      (
        await as(t.app, admin).post('/api/system/dict/types', {
          dictType: 'bid_channel',
          name: 'Bid channel',
          nameZh: '投标渠道',
        })
      ).json().code,
    ).toBe(200);
    expect(
      (
        await as(t.app, admin).post('/api/system/dict/data', {
          dictType: 'bid_channel',
          label: 'Online',
          labelZh: '线上',
          value: 'online',
          listClass: 'success',
          sort: 1,
        })
      ).json().code,
    ).toBe(200);
    expect(
      (
        await as(t.app, admin).post('/api/system/dict/data', { dictType: 'bid_channel', label: 'Dup', value: 'online' })
      ).json().msg,
    ).toBe('this dictionary already has an entry with this value');
    const data = (await t.app.inject({ method: 'GET', url: '/system/dict/data/type/bid_channel' })).json().data;
    expect(data).toEqual([
      expect.objectContaining({ dictLabel: 'Online', dictLabelZh: '线上', dictValue: 'online', listClass: 'success' }),
    ]);
    const owner = await signInAs(t, 'owner1');
    expect((await as(t.app, owner).post('/api/system/dict/types', { dictType: 'x_y', name: 'X' })).statusCode).toBe(
      403,
    );
  });
});
