import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { productionSecretProblems } from './production-guard.ts';
import { demoAccountsWithDocumentedPassword, seedDemo } from './seed/demo.ts';
import { seedBase } from './seed/seed.ts';
import { verifyPassword, hashPassword } from './lib/secrets.ts';
import { freshDatabase } from '../test/test-app.ts';
import { sql } from 'drizzle-orm';

describe('production guard', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/prod',
    LOGIN_AES_KEY: 'a-real-key-16byt',
    CODE_SECRET: 'a-long-random-production-secret',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.example.test/send',
  };

  it('accepts a configuration with its own secrets', () => {
    expect(productionSecretProblems(loadConfig(production))).toEqual([]);
  });

  it('names each documented default that remains', () => {
    const problems = productionSecretProblems(
      loadConfig({ ...production, LOGIN_AES_KEY: '', CODE_SECRET: '', DEMO_DATA: '1', SMS_PROVIDER: 'outbox' }),
    );
    expect(problems).toEqual([
      'LOGIN_AES_KEY is the documented default',
      'CODE_SECRET is the documented default',
      'DEMO_DATA is on',
      'SMS_PROVIDER is outbox: codes would never reach a phone',
    ]);
  });

  it('finds demo accounts that keep the documented password', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await seedBase(database.db, 'Admin@2026');
      await seedDemo(database.db);
      expect(await demoAccountsWithDocumentedPassword(database.db, verifyPassword)).toHaveLength(8);
      await database.db.execute(
        sql`update users set password_hash = ${await hashPassword('Changed-2027')} where demo = 1`,
      );
      expect(await demoAccountsWithDocumentedPassword(database.db, verifyPassword)).toEqual([]);
    } finally {
      await drop();
    }
  });
});
