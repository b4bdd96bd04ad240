import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';

// The embedded database on a directory (the other tests use PGlite in memory).
const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lvb-cluster-'));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string) {
  const database = await openDatabase({ dataDir });
  opened.push(database);
  return database;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded cluster', () => {
  it('is created whole on a new DATA_DIR, with a small buffer pool, and opens again', async () => {
    const dataDir = newDataDir();
    // A start killed while creating the cluster left its directory: the next one removes it.
    mkdirSync(path.join(dataDir, 'pglite.initdb-1-dead'), { recursive: true });
    const first = await open(dataDir);
    expect(readdirSync(dataDir).sort()).toEqual(['pglite', 'pglite.lock']);
    expect(readdirSync(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');
    const [buffers] = await queryRows<{ shared_buffers: string }>(first.db, sql`show shared_buffers`);
    expect(buffers!.shared_buffers).toBe('16MB');
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (7)`);
    await first.close();
    opened.pop();

    const again = await open(dataDir);
    expect(await queryRows(again.db, sql`select n from kept`)).toEqual([{ n: 7 }]);
  }, 60_000);

  it('refuses a directory that holds files but no cluster, and names it', async () => {
    const dataDir = newDataDir();
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'stray.txt'), 'not a database');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/pglite holds files but no database/);
    expect(readdirSync(dataDir).sort()).toEqual(['pglite']);
  }, 60_000);
});
