import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, FullConfig } from '@playwright/test';
import { CA_DEMO_PASSWORD } from '../../scripts/ca-demo.mjs';

/**
 * The demo certificates of ca-sign-in.spec. The server must trust their CA from its start, so
 * start-server.mjs writes them (`generateCaDemo` of scripts/ca-demo.mjs, as `npm run ca:demo`)
 * into DATA_DIR/ca-demo before it starts the server; the global setup notes where they are for
 * the specs. Against a server started elsewhere (E2E_BASE_URL), E2E_CA_DIR names the directory
 * `npm run ca:demo` wrote for it; without it the spec is skipped.
 */
export interface CaDemoFiles {
  dir: string;
  password: string;
  /** PKCS#12 files of the demo supplier (13900000001) and employee (owner1), and a revoked one. */
  supplier: string;
  employee: string;
  revoked: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const STATE_FILE = path.join(here, '..', '..', 'test-results', 'e2e-ca.json');

/** Notes the demo certificates of this run (null: none), from the global setup. */
export function recordCaDemo(config: FullConfig): void {
  const dataDir = config.webServer?.env?.DATA_DIR;
  const dir = process.env.E2E_CA_DIR ?? (dataDir ? path.join(dataDir, 'ca-demo') : undefined);
  const files: CaDemoFiles | null =
    dir && existsSync(path.join(dir, 'trust.pem'))
      ? {
          dir,
          password: process.env.E2E_CA_PASSWORD ?? CA_DEMO_PASSWORD,
          supplier: path.join(dir, 'supplier.p12'),
          employee: path.join(dir, 'employee.p12'),
          revoked: path.join(dir, 'revoked.p12'),
        }
      : null;
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(files, null, 2));
}

/** The demo certificates the server trusts, or null when it trusts none. */
export function caDemoFiles(): CaDemoFiles | null {
  if (!existsSync(STATE_FILE)) return null;
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as CaDemoFiles | null;
}

/** Removes every certificate bound to the token's account (a retry finds none left over). */
export async function removeCertificates(api: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const body = await (await api.get('/api/user/ca', { headers })).json();
  for (const { sha256 } of (body.rows ?? []) as { sha256: string }[]) {
    await api.delete(`/api/user/ca/${sha256}`, { headers });
  }
}
