import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { createSupplier, signInAs } from './factories.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, bearer, createTestApp, signInEmployee, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: token ? bearer(token) : {} });

describe('sessions', () => {
  it('answers 50000 without a token or with an unknown one', async () => {
    const none = await info();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 50000, msg: 'invalid session or session expired, please log in again' });
    expect((await info('x'.repeat(43))).json().code).toBe(50000);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.json().code).toBe(50000);
  });

  it('revokes the token at logout: the same token then answers 50001', async () => {
    const token = await signInAs(t, 'owner1');
    expect((await info(token)).json().code).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).json()).toEqual({
      code: 200,
      msg: 'signed out',
    });
    expect((await info(token)).json().code).toBe(50001);
  });

  it('expires an idle session and one past its absolute lifetime', async () => {
    const idle = await signInAs(t, 'owner1');
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where revoked_at is null`,
    );
    expect((await info(idle)).json().code).toBe(50001);
    const old = await signInAs(t, 'owner1');
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null and last_seen_at > now() - interval '1 minute'`,
    );
    expect((await info(old)).json().code).toBe(50001);
  });

  it('ends the sessions of an account that is disabled', async () => {
    const token = await signInAs(t, 'supervisor1');
    await t.database.db.execute(sql`update users set status = '1' where login_uid = 'supervisor1'`);
    expect((await info(token)).json().code).toBe(50001);
    await t.database.db.execute(sql`update users set status = '0' where login_uid = 'supervisor1'`);
    expect((await info(token)).json().code).toBe(50001);
  });
});

/** An app on the same database whose every statement is counted. */
async function countingApp(): Promise<{ app: FastifyInstance; statements: string[] }> {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (t.database.db as unknown as { $client: never }).$client;
  const db = (t.database.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzlePg({ client, schema, logger })) as unknown as Db;
  const app = await buildApp({ config: t.config, db, logger: false });
  await app.ready();
  return { app, statements };
}

describe('the signed-in user', () => {
  it('costs one statement (session, expiry, touch and user together), then none for a few seconds', async () => {
    const { app, statements } = await countingApp();
    try {
      const token = await signInAs(t, 'owner1');
      const call = () => app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
      statements.length = 0;
      expect((await call()).json().rows.user.permissions).toContain('project:item:list');
      expect(statements).toHaveLength(1);
      expect((await call()).json().code).toBe(200);
      expect(statements).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('still moves last_seen_at of a session idle for more than a minute', async () => {
    const token = await signInAs(t, 'auditor1');
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 minutes' where revoked_at is null and user_id = (select id from users where login_uid = 'auditor1')`,
    );
    expect((await info(token)).json().code).toBe(200);
    const rows = (await t.database.db.execute(
      sql`select bool_and(last_seen_at > now() - interval '10 seconds') as fresh from sessions
          where revoked_at is null and user_id = (select id from users where login_uid = 'auditor1')`,
    )) as unknown as { rows: { fresh: boolean }[] };
    expect(rows.rows[0]!.fresh).toBe(true);
  });

  it('is refreshed at once in this instance and, through the database, in another', async () => {
    const other = await t.restart();
    const admin = await signInAs(t, 'admin');
    const token = await signInAs(t, 'supervisor1');
    const infoOn = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) }).then((r) => r.json());
    const user = (await infoOn(other)).rows.user;
    expect((await infoOn(t.app)).code).toBe(200);
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/system/users/${user.empId}/status`,
      headers: bearer(admin),
      payload: { status: '1' },
    });
    expect(disable.json().code).toBe(200);
    expect((await infoOn(t.app)).code).toBe(50001);
    // Well within the cache's lifetime: only the change notice can have reached the other instance.
    let answer = 0;
    for (let i = 0; i < 20 && answer !== 50001; i++) {
      answer = (await infoOn(other)).code;
      if (answer !== 50001) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toBe(50001);
    await t.app.inject({
      method: 'PUT',
      url: `/api/system/users/${user.empId}/status`,
      headers: bearer(admin),
      payload: { status: '0' },
    });
  });
});

describe('user info', () => {
  it('answers every field of spec §3 for an employee', async () => {
    const token = await signInAs(t, 'owner1');
    const user = (await info(token)).json().rows.user;
    expect(user).toEqual({
      logUid: 'owner1',
      empId: expect.any(Number),
      empName: 'Olivia Owner',
      types: 0,
      userName: 'owner1',
      logTel: '13800000001',
      deptId: expect.any(Number),
      deptName: 'Demo Owner',
      company: null,
      fix: 1,
      roles: ['owner'],
      permissions: expect.arrayContaining([
        'project:item:list',
        'project:item:add',
        'project:item:submit',
        'project:query:list',
      ]),
    });
    expect(user.permissions).not.toContain('system:user:list');
  });

  it('gives ROLE_DEFAULT to a user without roles', async () => {
    await t.database.db.execute(
      sql`delete from user_roles where user_id = (select id from users where login_uid = 'guarantor1')`,
    );
    const token = await signInAs(t, 'guarantor1');
    expect((await info(token)).json().rows.user).toMatchObject({ roles: ['ROLE_DEFAULT'], permissions: [] });
  });

  it('marks a supplier whose company lacks a required field with fix 0', async () => {
    const supplier = await createSupplier(t, { complete: false });
    expect((await info(supplier.token)).json().rows.user).toMatchObject({
      types: 1,
      fix: 0,
      company: { compName: supplier.compName },
    });
  });
});

describe('password change', () => {
  it('refuses a wrong current password and a weak new one', async () => {
    const token = await signInAs(t, 'auditor1');
    const change = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/cbs/updateEmpPwd', headers: bearer(token), payload: body });
    expect((await change({ oldPassword: 'Nope-1234', newPassword: 'Better-2027' })).json()).toEqual({
      code: 500,
      msg: 'the current password is wrong',
    });
    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'short' })).json()).toMatchObject({
      code: 500,
      msg: expect.stringContaining('newPassword'),
    });
  });

  it('changes the password and revokes every session of the account', async () => {
    const a = await signInAs(t, 'auditor1');
    const b = await signInAs(t, 'auditor1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/cbs/updateEmpPwd',
      headers: bearer(a),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Better-2027' },
    });
    expect(res.json().code).toBe(200);
    expect((await info(a)).json().code).toBe(50001);
    expect((await info(b)).json().code).toBe(50001);
    await expect(signInEmployee(t, 'auditor1', DEMO_PASSWORD)).rejects.toThrow(/wrong user name or password/);
    expect(await signInEmployee(t, 'auditor1', 'Better-2027')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores passwords as argon2id, never in clear', async () => {
    const rows = (await t.database.db.execute(
      sql`select password_hash from users where login_uid = 'admin'`,
    )) as unknown as { rows: { password_hash: string }[] };
    expect(rows.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows.rows[0]!.password_hash).not.toContain(ADMIN_PASSWORD);
  });
});
