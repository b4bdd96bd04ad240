import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createLoginCipher } from '../src/lib/login-cipher.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { seedBase } from '../src/seed/seed.ts';
import { Writable } from 'node:stream';

/** The installed PGlite's version, read from its package (which does not export its package.json). */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export const ADMIN_PASSWORD = 'Admin@2026';
export const DEMO_PASSWORD = 'Demo@2026';
/** The captcha text every test app draws, so tests can answer it. */
export const CAPTCHA_TEXT = 'k7Pm';

/**
 * A fresh database with the real migrations and seeds: an in-memory PGlite, or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server, dropped at the end.
 */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true, image: await migratedImage() });
    // Migrations that came after the image (none, unless the image is stale) still run.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An in-memory PGlite with the migrations run costs two seconds (the cluster's initdb); loading an
 * image of one costs half a second. The image is made once per version of the migrations and of
 * PGlite, kept in the system's temporary directory and shared by every test file and worker.
 */
async function migratedImage(): Promise<Blob> {
  const folder = fileURLToPath(new URL('../drizzle', import.meta.url));
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  const cached = path.join(os.tmpdir(), `lvb-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(cached)) return new Blob([readFileSync(cached)]);
  const made = await openDatabase({ memory: true });
  await made.migrate();
  const image = await made.image!();
  await made.close();
  // Written aside and renamed: a worker reading at the same time sees the whole file or none.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  renameSync(partial, cached);
  return image;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  cipher: ReturnType<typeof createLoginCipher>;
  /** A second app on the same database, as after a restart or beside another instance. */
  restart(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  demo?: boolean;
  /** Also the demo projects (off by default: most tests make their own). */
  projects?: boolean;
  /** Routes a test adds before the app starts, e.g. to exercise the access plugin. */
  routes?: (app: FastifyInstance) => void;
  /** Keeps the app's log (every level, as written) in this list, for tests that search it. */
  log?: string[];
}

/** A log destination that keeps each line in `lines`. */
function logInto(lines: string[]) {
  return new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await seedBase(database.db, ADMIN_PASSWORD);
  if (opts.demo !== false) await seedDemo(database.db, opts.projects ?? false);
  const make = async (extra: Record<string, string>) => {
    // API tests do not depend on whether the web app has been built.
    const config = loadConfig({
      NODE_ENV: 'test',
      SIGNIN_RATE_LIMIT: '1000',
      CODE_RATE_LIMIT: '1000',
      SIGNIN_ADDRESS_FAILURES: '100000',
      WEB_DIST: '/nonexistent',
      ...env,
      ...extra,
    });
    const app = await buildApp({
      config,
      db: database.db,
      planOnceDb: database.planOnceDb,
      logger: opts.log ? { level: 'trace', stream: logInto(opts.log) } : false,
      captchaText: () => CAPTCHA_TEXT,
    });
    opts.routes?.(app);
    await app.ready();
    return { app, config };
  };
  const { app, config } = await make({});
  const extraApps: FastifyInstance[] = [];
  return {
    app,
    database,
    config,
    cipher: createLoginCipher(config.loginAesKey),
    async restart(extra = {}) {
      const second = (await make(extra)).app;
      extraApps.push(second);
      return second;
    },
    async close() {
      for (const a of [app, ...extraApps]) await a.close();
      await drop();
    },
  };
}

/** The newest code the outbox holds for a phone. */
export async function readSmsCode(app: FastifyInstance, tel: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` });
  const content: string = res.json().rows[0]?.content ?? '';
  const code = /\b(\d{6})\b/.exec(content)?.[1];
  if (!code) throw new Error(`no SMS code for ${tel}`);
  return code;
}

export async function requestCode(app: FastifyInstance, tel: string, purpose = 'login') {
  const res = await app.inject({ method: 'GET', url: `/api/common/common/code?tel=${tel}&purpose=${purpose}` });
  return res.json() as { code: number; msg: string; uuid: string };
}

/** Asks for an SMS code for `tel` and reads it from the outbox: what a form sends back with the phone. */
export async function smsCodeFor(app: FastifyInstance, tel: string, purpose = 'login') {
  const { uuid } = await requestCode(app, tel, purpose);
  return { uuid, msgCode: await readSmsCode(app, tel) };
}

/** Signs an employee in through loginEmp (captcha included) and returns the token. */
export async function signInEmployee(t: TestApp, loginUid: string, password: string): Promise<string> {
  const captcha = (await t.app.inject({ method: 'GET', url: '/api/common/common/captcha?width=150' })).json();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/employee/loginEmp',
    payload: {
      loginUid: t.cipher.encrypt(loginUid),
      loginPwd: t.cipher.encrypt(password),
      code: t.cipher.encrypt(CAPTCHA_TEXT),
      uuid: t.cipher.encrypt(captcha.uuid),
    },
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`sign-in of ${loginUid} failed: ${body.msg}`);
  return body.msg;
}

/** Signs a supplier in by phone and SMS code and returns the token. */
export async function signInSupplier(t: TestApp, tel: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/external/tellogin',
    payload: { tel, ...(await smsCodeFor(t.app, tel)) },
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`sign-in of ${tel} failed: ${body.msg}`);
  return body.rows.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Moves a phone's SMS history back in time, past the one-send-a-minute rule. */
export async function ageSmsCodes(t: TestApp, tel: string, seconds: number) {
  const { sql } = await import('drizzle-orm');
  await t.database.db.execute(
    sql`update sms_codes set created_at = created_at - ${seconds} * interval '1 second', expires_at = expires_at - ${seconds} * interval '1 second' where tel = ${tel}`,
  );
}
