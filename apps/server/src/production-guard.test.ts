import { describe, expect, it } from 'vitest';
import { DEFAULT_BID_KEY, loadConfig } from './config.ts';
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
    BID_KEY: '6f1c0ad2b7e94a3f8c5d2e1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a0918273',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.example.test/send',
  };

  it('accepts a configuration with its own secrets', () => {
    expect(productionSecretProblems(loadConfig(production))).toEqual([]);
  });

  it('names each documented default that remains', () => {
    const problems = productionSecretProblems(
      loadConfig({
        ...production,
        LOGIN_AES_KEY: '',
        CODE_SECRET: '',
        BID_KEY: '',
        DEMO_DATA: '1',
        SMS_PROVIDER: 'outbox',
      }),
    );
    expect(problems).toEqual([
      'LOGIN_AES_KEY is the documented default',
      'CODE_SECRET is the documented default',
      'BID_KEY is the documented default',
      'DEMO_DATA is on',
      'SMS_PROVIDER is outbox: codes would never reach a phone',
    ]);
  });

  it('refuses the default bid key however it is written', () => {
    const hex = Buffer.from(DEFAULT_BID_KEY, 'base64').toString('hex');
    expect(productionSecretProblems(loadConfig({ ...production, BID_KEY: hex }))).toEqual([
      'BID_KEY is the documented default',
    ]);
  });

  it('finds demo accounts that keep the documented password', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await seedBase(database.db, 'Admin@2026');
      await seedDemo(database.db);
      expect(await demoAccountsWithDocumentedPassword(database.db, verifyPassword)).toHaveLength(11);
      await database.db.execute(
        sql`update users set password_hash = ${await hashPassword('Changed-2027')} where demo = 1`,
      );
      expect(await demoAccountsWithDocumentedPassword(database.db, verifyPassword)).toEqual([]);
    } finally {
      await drop();
    }
  });
});
