import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, bearer, createTestApp, signInEmployee, type TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Test-pass-2026';

/** A fresh test app with the demo data, and the administrator's token. */
export async function adminApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp();
  return { t, admin: await signInEmployee(t, 'admin', ADMIN_PASSWORD) };
}

/** A request helper bound to a token. */
export function as(app: FastifyInstance, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
    del: (url: string) => call('DELETE', url),
  };
}

/** Menu ids whose permission strings are in `perms` (pages and buttons). */
export async function menuIdsFor(app: FastifyInstance, adminToken: string, perms: string[]) {
  const all = (await as(app, adminToken).get('/api/system/menus')).json().data as {
    id: number;
    parentId: number;
    perms: string | null;
  }[];
  const picked = all.filter((m) => m.perms && perms.includes(m.perms));
  expect(picked.length, `menus for ${perms.join(', ')}`).toBe(perms.length);
  // Their parents too, so that the menu tree shows them.
  const ids = new Set(picked.map((m) => m.id));
  for (const m of picked) {
    let parent = all.find((x) => x.id === m.parentId);
    while (parent) {
      ids.add(parent.id);
      parent = all.find((x) => x.id === parent!.parentId);
    }
  }
  return [...ids];
}

let counter = 0;

/**
 * Creates (as admin) a role with exactly these permissions and a user holding it, signs the user
 * in and answers the token and ids.
 */
export async function employeeWith(
  t: TestApp,
  adminToken: string,
  perms: string[],
  opts: { dataScope?: string; deptId?: number } = {},
) {
  counter += 1;
  const admin = as(t.app, adminToken);
  const menuIds = await menuIdsFor(t.app, adminToken, perms);
  const role = await admin.post('/api/system/roles', {
    roleKey: `test_role_${counter}`,
    name: `Test role ${counter}`,
    dataScope: opts.dataScope ?? '1',
    menuIds,
  });
  expect(role.json().code, role.body).toBe(200);
  const deptId = opts.deptId ?? (await rootDeptId(t, adminToken));
  const loginUid = `tester${counter}`;
  const user = await admin.post('/api/system/users', {
    loginUid,
    name: `Tester ${counter}`,
    deptId,
    roleIds: [role.json().data.id],
    password: TEST_PASSWORD,
  });
  expect(user.json().code, user.body).toBe(200);
  const token = await signInEmployee(t, loginUid, TEST_PASSWORD);
  return { token, userId: user.json().data.userId as number, roleId: role.json().data.id as number, loginUid };
}

export async function rootDeptId(t: TestApp, adminToken: string) {
  const depts = (await as(t.app, adminToken).get('/api/system/depts')).json().data as {
    id: number;
    parentId: number | null;
  }[];
  return depts.find((d) => d.parentId === null)!.id;
}

export async function deptIdByName(t: TestApp, adminToken: string, name: string) {
  const depts = (await as(t.app, adminToken).get('/api/system/depts')).json().data as { id: number; name: string }[];
  return depts.find((d) => d.name === name)!.id;
}

export async function roleIdByKey(t: TestApp, adminToken: string, key: string) {
  const roles = (await as(t.app, adminToken).get('/api/system/roles/options')).json().data as {
    roleId: number;
    roleKey: string;
  }[];
  return roles.find((r) => r.roleKey === key)!.roleId;
}
