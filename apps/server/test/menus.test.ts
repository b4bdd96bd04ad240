import { VIEW_KEYS } from '@lvb/contracts/views';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './factories.ts';
import { bearer, createTestApp, signInSupplier, type TestApp } from './test-app.ts';

interface Route {
  path: string;
  component: string;
  hidden: boolean;
  meta: { title: string; titleZh: string };
  children?: Route[];
}
const components = (routes: Route[]): string[] => routes.flatMap((r) => [r.component, ...components(r.children ?? [])]);

let t: TestApp;
let admin: string;
let owner: string;
let supplier: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  owner = await signInAs(t, 'owner1');
  supplier = await signInSupplier(t, '13900000001');
});
afterAll(() => t.close());

const menu = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/system/menu/menu${query}`, headers: bearer(token) });

describe('menu', () => {
  it('gives the administrator every view key across both login types', async () => {
    const staff = components((await menu(admin)).json().rows);
    const suppliers = components((await menu(admin, '?loginType=1')).json().rows);
    const all = new Set([...staff, ...suppliers]);
    for (const key of VIEW_KEYS) expect(all, key).toContain(key);
  });

  it('answers the route tree shape: Layout at the top, pages by view key, titles in both languages', async () => {
    const rows: Route[] = (await menu(admin)).json().rows;
    const system = rows.find((r) => r.path === '/system')!;
    expect(system).toMatchObject({
      component: 'Layout',
      hidden: false,
      alwaysShow: true,
      redirect: 'noRedirect',
      meta: { title: 'System', titleZh: '系统管理' },
    });
    expect(system.children!.map((c) => c.component)).toEqual([
      'system/user',
      'system/role',
      'system/menu',
      'system/dept',
      'system/config',
      'system/notice',
    ]);
    expect(system.children![0]).toMatchObject({
      path: 'user',
      meta: { title: 'Users', titleZh: '用户管理', noCache: false, link: null },
    });
  });

  it("gives an owner only the owner's views", async () => {
    const keys = components((await menu(owner)).json().rows).filter((c) => c !== 'Layout');
    expect(keys).toContain('item/project');
    expect(keys).toContain('mandraw/draw');
    expect(keys).not.toContain('system/user');
    expect(keys).not.toContain('item/nocheck');
  });

  it('gives a supplier the supplier views, with and without loginType and userId', async () => {
    const plain = (await menu(supplier)).json().rows;
    const me = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(supplier) })).json().rows
      .user;
    const explicit = (await menu(supplier, `?loginType=1&userId=${me.empId}`)).json().rows;
    expect(explicit).toEqual(plain);
    const keys = components(plain).filter((c) => c !== 'Layout');
    expect(keys.sort()).toEqual(
      [
        'order/myguarantee',
        'sup/supItem',
        'sup/supPub',
        'web/bidding1',
        'web/bidding2',
        'web/bidding3',
        'web/company',
        'web/hall',
        'web/order',
        'web/project',
      ].sort(),
    );
  });

  it("refuses another user's menu, and another login type's, unless the caller is an administrator", async () => {
    const adminId = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(admin) })).json().rows
      .user.empId;
    const other = await menu(supplier, `?userId=${adminId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: -1, msg: 'you may only load your own menu' });
    expect((await menu(supplier, '?loginType=0')).json().code).toBe(-1);
    const ownerId = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(owner) })).json().rows
      .user.empId;
    const asAdmin = components((await menu(admin, `?userId=${ownerId}`)).json().rows);
    expect(asAdmin).toContain('item/project');
    expect(asAdmin).not.toContain('system/user');
  });

  it('drops hidden-state and disabled entries as the menu table says', async () => {
    await t.database.db.execute(sql`update menus set status = '1' where component = 'item/project'`);
    expect(components((await menu(owner)).json().rows)).not.toContain('item/project');
    await t.database.db.execute(sql`update menus set status = '0', visible = '1' where component = 'item/project'`);
    const hidden = ((await menu(owner)).json().rows as Route[])
      .flatMap((r) => r.children ?? [])
      .find((r) => r.component === 'item/project');
    expect(hidden?.hidden).toBe(true);
  });
});

describe('dictionaries', () => {
  it('answers the entries of a type in order, in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/system/dict/data/type/sys_yes_no' });
    expect(res.json()).toEqual({
      code: 200,
      msg: 'ok',
      data: [
        {
          dictLabel: 'Yes',
          dictLabelZh: '是',
          dictValue: 'Y',
          listClass: 'primary',
          cssClass: '',
          dictSort: 1,
          isDefault: 'N',
        },
        {
          dictLabel: 'No',
          dictLabelZh: '否',
          dictValue: 'N',
          listClass: 'danger',
          cssClass: '',
          dictSort: 2,
          isDefault: 'N',
        },
      ],
    });
    for (const type of ['project_status', 'project_type', 'notice_type', 'selection_model', 'sys_normal_disable']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/system/dict/data/type/${type}` })).json().data.length,
        type,
      ).toBeGreaterThan(1);
    }
  });

  it('answers an empty list for an unknown type and refuses a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/system/dict/data/type/no_such_type' })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: "/system/dict/data/type/x'%3B--" })).json().code).toBe(500);
  });
});
