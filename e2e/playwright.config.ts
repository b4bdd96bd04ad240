import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Drives Debian's Chromium against the real server serving the built web app. With E2E_BASE_URL
 * set, the suite runs against an already running server instead of starting one.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;
// A fresh data directory per run, so the demo data is seeded anew (DESIGN §3).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'lvb-e2e-'));

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  CAPTCHA_ENABLED: 'false',
  ADMIN_INITIAL_PASSWORD: 'Admin@2026',
  SMS_PROVIDER: 'outbox',
  // Every test comes from one address; the per-IP limits of real traffic would throttle the suite.
  SIGNIN_RATE_LIMIT: '1000',
  CODE_RATE_LIMIT: '1000',
  SIGNIN_ADDRESS_FAILURES: '100000',
  LOG_LEVEL: 'warn',
  // The trading specs move the business clock past a deadline (PUT /api/dev/clock, support/clock.ts)
  // and then wait for one scheduler tick: two seconds instead of fifteen.
  SCHEDULER_TICK_SECONDS: '2',
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;
// E2E_WEB_DIST builds the web app into a directory of its own and serves it from there, so that two
// runs from one checkout (or a run beside a bench) never serve each other's half-written build.
const webDist = process.env.E2E_WEB_DIST;
if (webDist) serverEnv.WEB_DIST = webDist;
const buildWeb = webDist
  ? `npm run build -w apps/web -- --outDir ${JSON.stringify(webDist)}`
  : 'npm run build -w apps/web';

export default defineConfig({
  testDir: './tests',
  // Screenshots are taken on request (SHOTS_DIR=/some/dir), not as part of the suite.
  testIgnore: process.env.SHOTS_DIR ? [] : ['**/screenshots.spec.ts'],
  // One worker, the spec files one after another: the specs share the demo accounts, and the
  // business clock's offset is global to the database, so a spec that moves it must run alone
  // (support/clock.ts refuses to run in more than one worker).
  fullyParallel: false,
  workers: 1,
  // One retry under CI: a browser test that fails once from load and then passes is reported as
  // flaky in the output rather than hidden; a real fault fails both tries.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    locale: 'en-US',
    // The app switches its animations off for users who ask for less motion; tests then click
    // dialogs and menus that are already in place instead of ones still zooming in.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 }, channel: undefined },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: `${buildWeb} && node e2e/support/start-server.mjs`,
        cwd: '..',
        url: `${baseURL}/api/health`,
        env: serverEnv,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
