import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  ageSmsCodes,
  bearer,
  createTestApp,
  signInEmployee,
  signInSupplier,
  smsCodeFor,
  type TestApp,
} from './test-app.ts';

/**
 * Factories of the API tests: accounts, supplier companies and projects made through the real
 * routes, as a user would make them, and the request helpers they share. Each factory checks
 * that its calls succeeded, so a test fails at the step that broke rather than later.
 */

export const TEST_PASSWORD = 'Test-pass-2026';

/** The administrator and the demo employees of seed/demo.ts. */
export type SeededEmployee =
  'admin' | 'owner1' | 'auditor1' | 'supervisor1' | 'guarantor1' | 'finance1' | 'expert1' | 'expert2' | 'expert3';

/** Signs a seeded employee in with its documented password and answers the token. */
export const signInAs = (t: TestApp, loginUid: SeededEmployee) =>
  signInEmployee(t, loginUid, loginUid === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);

/** The signed-in user of `token`, as GET /api/user/info answers it (rows.user). */
export async function userInfo(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
  expect(res.json().code, res.body).toBe(200);
  return res.json().rows.user;
}

/** A fresh test app with the demo data, and the administrator's token. */
export async function adminApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp();
  return { t, admin: await signInAs(t, 'admin') };
}

/** A request helper bound to a token, asking for answers in `language` (English by default). */
export function as(app: FastifyInstance, token: string, language?: 'zh-CN' | 'en') {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
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

let employees = 0;

/**
 * Creates (as admin) a role with exactly these permissions and a user holding it, signs the user
 * in and answers the token, the ids and the keys to sign in or edit the role again.
 */
export async function employeeWith(
  t: TestApp,
  adminToken: string,
  perms: string[],
  opts: { dataScope?: string; deptId?: number } = {},
) {
  employees += 1;
  const admin = as(t.app, adminToken);
  const roleKey = `test_role_${employees}`;
  const role = await admin.post('/api/system/roles', {
    roleKey,
    name: `Test role ${employees}`,
    dataScope: opts.dataScope ?? '1',
    menuIds: await menuIdsFor(t.app, adminToken, perms),
  });
  expect(role.json().code, role.body).toBe(200);
  const loginUid = `tester${employees}`;
  const user = await admin.post('/api/system/users', {
    loginUid,
    name: `Tester ${employees}`,
    deptId: opts.deptId ?? (await rootDeptId(t, adminToken)),
    roleIds: [role.json().data.id],
    password: TEST_PASSWORD,
  });
  expect(user.json().code, user.body).toBe(200);
  const signIn = () => signInEmployee(t, loginUid, TEST_PASSWORD);
  return {
    token: await signIn(),
    /** Signs the user in again: a new session, which reads the menu anew. */
    signIn,
    userId: user.json().data.userId as number,
    roleId: role.json().data.id as number,
    roleKey,
    loginUid,
  };
}

/**
 * Creates (as admin) an owner organisation and an owner in it, and signs the owner in: someone
 * whose projects and sight are kept apart from the demo owner's.
 */
export async function ownerOfNewOrganisation(t: TestApp, adminToken: string, name: string) {
  const org = await as(t.app, adminToken).post('/api/people/owner-organisations', { name });
  expect(org.json().code, org.body).toBe(200);
  employees += 1;
  const loginUid = `owner_test${employees}`;
  const owner = await as(t.app, adminToken).post('/api/people/owners', {
    loginUid,
    name: `Owner ${employees}`,
    deptId: org.json().data.id,
    password: TEST_PASSWORD,
  });
  expect(owner.json().code, owner.body).toBe(200);
  return { token: await signInEmployee(t, loginUid, TEST_PASSWORD), orgId: org.json().data.id as number };
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

/** The four fields that make a company record complete (spec §3), and a contact. */
export const completeCompanyRecord = (n: number) => ({
  contactName: `Contact ${n}`,
  induRegiNo: `3301000${String(n).padStart(8, '0')}`,
  contactTel: '0571-8000 0000',
  bankName: 'Bank of Hangzhou',
  accountNo: `62220990${String(n).padStart(8, '0')}`,
});

let suppliers = 0;

/**
 * Registers a supplier company and its first user (with the SMS code of the registration), signs
 * the user in and, unless `complete` is false, completes the company record.
 */
export async function createSupplier(t: TestApp, { complete = true } = {}) {
  suppliers += 1;
  const n = suppliers;
  const tel = `134${String(n).padStart(8, '0')}`;
  const compName = `Test Supplier ${n} Co., Ltd.`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      compName,
      creditCode: `91330100MA${String(n).padStart(8, '0')}`,
      contactName: `Contact ${n}`,
      tel,
      password: TEST_PASSWORD,
      ...(await smsCodeFor(t.app, tel, 'register')),
    },
  });
  expect(registered.json().code, registered.body).toBe(200);
  // The phone just had a code: the sign-in code may be asked for a minute later.
  await ageSmsCodes(t, tel, 61);
  const token = await signInSupplier(t, tel);
  const me = await userInfo(t, token);
  if (complete) {
    const saved = await as(t.app, token).post('/api/user/updateCompany', completeCompanyRecord(n));
    expect(saved.json().data?.fix, saved.body).toBe(1);
  }
  return { token, tel, compName, compId: me.company.compId as number, userId: me.empId as number };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A PDF of `size` bytes: the PDF header (what the content check reads), then random bytes. */
export function pdfOfSize(size: number) {
  const bytes = randomBytes(size);
  PDF.copy(bytes, 0, 0, 9);
  return bytes;
}

/** A multipart body with the given files in the field "file". */
export function multipart(parts: { name: string; bytes: Buffer; type?: string }[]) {
  const boundary = `----lvb${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads files as `token` (to the common upload unless `url` says otherwise). */
export function upload(t: TestApp, token: string, parts: { name: string; bytes: Buffer }[], url = '/common/upload') {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

/** Uploads a bidding document as `token` and answers the name the server gave it. */
export async function uploadPdf(t: TestApp, token: string) {
  const res = await upload(t, token, [{ name: 'Bidding document.pdf', bytes: PDF }]);
  expect(res.json().code, res.body).toBe(200);
  return res.json().fileName as string;
}

export interface HallOptions {
  types: { id: number; code: string; valueLimit: number }[];
  places: { id: number; children?: { id: number; children?: { id: number }[] }[] }[];
}

/** The project types and places the project form offers, with the ids tests pick from them. */
export async function projectOptions(t: TestApp) {
  const options = (await t.app.inject({ method: 'GET', url: '/api/hall/options' })).json().data as HallOptions;
  return {
    ...options,
    typeId: (code: string) => options.types.find((x) => x.code === code)!.id,
    /** The first district of the first city. */
    districtId: options.places[0]!.children![0]!.children![0]!.id,
  };
}

const DAY = 86_400_000;

/** A valid project as the owner `token` would write it (sign-up open since yesterday), with a fresh document. */
export async function projectBody(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const options = await projectOptions(t);
  const start = Date.now() - DAY;
  return {
    name: 'Repair of the Xixi school playground',
    typeId: options.typeId('construction'),
    placeId: options.districtId,
    budget: 80_000_000,
    model: 2,
    minParticipants: 3,
    guaranteeRequired: true,
    guaranteeAmount: 800_000,
    signupStart: new Date(start).toISOString(),
    bidDeadline: new Date(start + 10 * DAY).toISOString(),
    openingAt: new Date(start + 11 * DAY).toISOString(),
    publicityDays: 3,
    qualification: 'Construction grade three or above',
    contactName: 'Olivia Owner',
    contactTel: '0571-8765 4321',
    documents: [await uploadPdf(t, token)],
    ...overrides,
  };
}

/** The events that bring a new draft to each status a factory can make, and who fires them. */
const PROJECT_PATHS = {
  draft: [],
  pending_audit: [['owner', 'submit']],
  published: [
    ['owner', 'submit'],
    ['auditor', 'approve'],
  ],
} as const satisfies Record<string, readonly (readonly ['owner' | 'auditor', string])[]>;
export type ProjectStatus = keyof typeof PROJECT_PATHS;

/**
 * Creates a project as `people.owner` and moves it to `status` through the workflow's calls
 * (the auditor approves); answers its id.
 */
export async function createProject(
  t: TestApp,
  people: { owner: string; auditor: string },
  status: ProjectStatus,
  overrides: Record<string, unknown> = {},
) {
  const created = await as(t.app, people.owner).post('/api/projects', await projectBody(t, people.owner, overrides));
  expect(created.json().code, created.body).toBe(200);
  const id = created.json().data.id as number;
  for (const [who, event] of PROJECT_PATHS[status]) {
    const moved = await as(t.app, people[who]).post(`/api/projects/${id}/${event}`);
    expect(moved.json().code, `${event}: ${moved.body}`).toBe(200);
  }
  return id;
}
