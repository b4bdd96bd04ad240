import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutEverySession, databaseName } from './database-cuts.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { applyTo } from './bids-fixtures.ts';
import { createProject, createSupplier, projectBody, signInAs } from './factories.ts';
import { ADMIN_PASSWORD, bearer, createTestApp, signInEmployee, type TestApp } from './test-app.ts';

/**
 * The database server ends every session of ours (a restart, a failover, an operator) while
 * requests are running. The process must stay up, the requests caught in the cut answer a
 * retryable 503 in the usual envelope, and the next requests are served again.
 */
describe.runIf(process.env.DATABASE_URL)('lost database connections (PostgreSQL)', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let draft: Record<string, unknown>;
  let dbName: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Real HTTP, as clients call it: in-process injection of cached answers never yields to timers.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await signInEmployee(t, 'admin', ADMIN_PASSWORD);
    owner = await signInAs(t, 'owner1');
    // Without documents: an uploaded file attaches to one record only.
    draft = { ...(await projectBody(t, owner)), documents: [] };
    dbName = await databaseName(t);
  });
  afterAll(() => t.close());

  it('stays up, answers 503 during the cut, and serves again within two seconds', async () => {
    const calls = [
      { url: '/api/hall/projects?pageNum=1&pageSize=10' },
      { url: '/api/user/info', headers: bearer(token) },
      { url: '/api/system/users?pageNum=1&pageSize=10', headers: bearer(token) },
      { url: '/api/projects?pageNum=1&pageSize=10', headers: bearer(token) },
      // Draft saves: a transaction of several statements, open when the cut comes.
      { url: '/api/projects', method: 'POST', body: () => JSON.stringify(draft), headers: bearer(owner) },
    ];
    const answers: { status: number; code: number; msg: string }[] = [];
    let running = true;
    const clients = Array.from({ length: 16 }, async (_, i) => {
      while (running) {
        const { url, headers, method, body: payload } = calls[i % calls.length] as (typeof calls)[4];
        const res = await fetch(`${base}${url}`, {
          method: method ?? 'GET',
          headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
          body: payload?.(),
        });
        const body = (await res.json()) as { code: number; msg: string };
        answers.push({ status: res.status, code: body.code, msg: body.msg });
      }
    });
    let cut = 0;
    for (let round = 0; round < 3; round++) {
      await sleep(300);
      cut += await cutEverySession(dbName);
    }
    await sleep(300);
    running = false;
    await Promise.all(clients);

    expect(cut).toBeGreaterThan(0);
    const failed = answers.filter((a) => a.status !== 200);
    // Some requests were caught in the cut (otherwise the test proved nothing)…
    expect(failed.length).toBeGreaterThan(0);
    // Every failure is the retryable one, with a message and no detail of the fault.
    for (const a of failed) {
      expect(a.status, a.msg).toBe(503);
      expect(a.msg).toMatch(/database/i);
      expect(a.msg).not.toMatch(/terminat|pg_|at \w+ \(/i);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(20);

    const started = Date.now();
    let healthy = false;
    while (!healthy && Date.now() - started < 2000) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });
      healthy = res.statusCode === 200;
      if (!healthy) await sleep(50);
    }
    expect(healthy).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.db).toBe('ok');
    // No request kept a connection: every client of the pool is back (a leak would starve it).
    // (A client released a moment ago may still be on its way back: give it a second.)
    const pool = (t.database.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
    for (let i = 0; i < 20 && pool.idleCount !== pool.totalCount; i++) await sleep(50);
    expect(pool.idleCount).toBe(pool.totalCount);
  }, 60_000);

  it('moves a workflow record whole or not at all when every session is cut mid-step', async () => {
    const auditor = await signInAs(t, 'auditor1');
    const projectId = await createProject(t, { owner, auditor }, 'published');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await applyTo(t, await createSupplier(t), projectId));
    // Ten checks at once over real connections; every session is cut while they run.
    const checks = ids.map((id) =>
      fetch(`${base}/api/applications/${id}/qualify`, { method: 'POST', headers: bearer(auditor) }).then(
        (res) => res.status,
      ),
    );
    await sleep(5);
    const cut = await cutEverySession(dbName);
    const statuses = await Promise.all(checks);
    expect(cut).toBeGreaterThan(0);
    for (const status of statuses) expect([200, 503]).toContain(status);
    // Each application is either checked whole (status, audit row, notice) or untouched.
    for (const [i, id] of ids.entries()) {
      const [row] = await queryRows<{ status: string; audits: number; notices: number }>(
        t.database.db,
        sql`select a.status,
              (select count(*)::int from audit_trail where subject_type = 'application' and subject_id = a.id
                 and action = 'application.qualify') as audits,
              (select count(*)::int from notices where company_id = a.company_id and project_id = a.project_id) as notices
            from applications a where a.id = ${id}`,
      );
      if (row!.status === 'qualified') expect(row).toMatchObject({ audits: 1, notices: 1 });
      else expect(row, `answer ${statuses[i]}`).toMatchObject({ status: 'pending_check', audits: 0, notices: 0 });
      if (statuses[i] === 200) expect(row!.status).toBe('qualified');
    }
    // A check caught in the cut is retried and goes through.
    for (const id of ids) {
      const res = await fetch(`${base}/api/applications/${id}/qualify`, { method: 'POST', headers: bearer(auditor) });
      expect([200, 409]).toContain(res.status);
    }
  }, 60_000);

  it('answers 503 with the envelope while the database is unreachable, and health says it is down', async () => {
    const { openDatabase } = await import('../src/db/client.ts');
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    // A server whose database address answers nothing (a closed port).
    const gone = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }),
      db: gone.db,
      logger: false,
    });
    await app.ready();
    const hall = await app.inject({ method: 'GET', url: '/api/hall/projects?pageNum=1&pageSize=10' });
    expect(hall.statusCode).toBe(503);
    expect(hall.json().msg).toMatch(/database/i);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data.db).toBe('down');
    await app.close();
    await gone.close();
  });
});
