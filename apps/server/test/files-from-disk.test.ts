import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { moveFilesFromDisk } from '../src/modules/files/files-from-disk.ts';
import { filesRepository } from '../src/modules/files/files.repository.ts';
import { PDF, as, pdfOfSize as pdfOf, userInfo } from './factories.ts';
import { createTestApp, signInSupplier, type TestApp } from './test-app.ts';

/**
 * Files earlier versions kept in DATA_DIR/files (fanned out by the first two characters of the
 * stored name, their records in `files` without a SHA-256) move into the database at start: once,
 * whatever the number of runs, and the directory goes.
 */
let t: TestApp;
let supplier: string;
let supplierId: number;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  supplier = await signInSupplier(t, '13900000001');
  supplierId = (await userInfo(t, supplier)).empId as number;
  dataDir = await mkdtemp(path.join(tmpdir(), 'lvb-legacy-files-'));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A file as the disk storage wrote it: its record, and its bytes under root/xx/name. */
async function legacyFile(root: string, ext: string, mime: string, bytes: Buffer | undefined) {
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  await filesRepository.insert(t.database.db, {
    storedName,
    originalName: `legacy.${ext}`,
    mime,
    size: bytes?.length ?? 10,
    kind: 'document',
    uploadedBy: supplierId,
  });
  if (bytes) {
    await mkdir(path.join(root, storedName.slice(0, 2)), { recursive: true });
    await writeFile(path.join(root, storedName.slice(0, 2), storedName), bytes);
  }
  return { storedName, bytes };
}

const totals = async () =>
  (
    await queryRows<{ files: number; chunks: number; without: number }>(
      t.database.db,
      sql`select (select count(*) from files)::int as files, (select count(*) from file_chunks)::int as chunks,
                 (select count(*) from files where sha256 is null)::int as without`,
    )
  )[0]!;

const download = (name: string) => as(t.app, supplier).get(`/common/download?fileName=${name}`);

describe('moving files from disk into the database', () => {
  it('moves each file once, keeps its bytes, and a second run changes nothing', async () => {
    const root = path.join(dataDir, 'a', 'files');
    const legacy = [
      await legacyFile(root, 'pdf', 'application/pdf', pdfOf(600_000)),
      await legacyFile(root, 'txt', 'text/plain; charset=utf-8', Buffer.from('Site visit on Monday.\n')),
      await legacyFile(root, 'pdf', 'application/pdf', PDF),
    ];
    const lost = await legacyFile(root, 'pdf', 'application/pdf', undefined);
    await writeFile(path.join(root, legacy[0]!.storedName.slice(0, 2), 'stray.bin'), 'no record names me');
    // Before the move the records have no content: downloads answer 404.
    expect((await download(legacy[0]!.storedName)).statusCode).toBe(404);

    const first = await moveFilesFromDisk(t.database.db, root);
    expect(first).toMatchObject({ moved: 3, removedCopies: 0, missing: 1, directoryRemoved: false });
    expect(first!.unknown).toEqual([path.join(legacy[0]!.storedName.slice(0, 2), 'stray.bin')]);
    const after = await totals();
    expect(after.without).toBe(1);

    for (const { storedName, bytes } of legacy) {
      const res = await download(storedName);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes!)).toBe(true);
      const [row] = await queryRows<{ sha256: string; size: number }>(
        t.database.db,
        sql`select sha256, size from files where stored_name = ${storedName}`,
      );
      expect(row).toEqual({ sha256: sha256(bytes!), size: bytes!.length });
    }
    expect((await download(lost.storedName)).statusCode).toBe(404);

    // The moved files left the disk; only the stray file remains.
    const left = await readdir(root, { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['stray.bin']);

    const second = await moveFilesFromDisk(t.database.db, root);
    expect(second).toMatchObject({ moved: 0, removedCopies: 0, missing: 1 });
    expect(await totals()).toEqual(after);

    // A run stopped after its commit and before removing the disk copy: the next run removes the
    // copy and writes nothing.
    const copyDir = path.join(root, legacy[1]!.storedName.slice(0, 2));
    await mkdir(copyDir, { recursive: true });
    await writeFile(path.join(copyDir, legacy[1]!.storedName), 'not the content any more');
    const third = await moveFilesFromDisk(t.database.db, root);
    expect(third).toMatchObject({ moved: 0, removedCopies: 1 });
    expect(await totals()).toEqual(after);
    expect((await download(legacy[1]!.storedName)).rawPayload.equals(legacy[1]!.bytes!)).toBe(true);
  });

  it('moves each file exactly once when two instances start at the same time, and removes the directory', async () => {
    const root = path.join(dataDir, 'b', 'files');
    const legacy = await Promise.all(
      Array.from({ length: 8 }, (_, i) => legacyFile(root, 'pdf', 'application/pdf', pdfOf(1000 + i * 70_000))),
    );
    const before = await totals();
    // The second instance reads its own copy of the directory (as on another machine sharing none).
    const otherRoot = path.join(dataDir, 'b2', 'files');
    await cp(root, otherRoot, { recursive: true });
    const [a, b] = await Promise.all([
      moveFilesFromDisk(t.database.db, root),
      moveFilesFromDisk(t.database.db, otherRoot),
    ]);
    expect(a!.moved + b!.moved).toBe(8);
    expect(a!.moved + a!.removedCopies).toBe(8);
    expect(b!.moved + b!.removedCopies).toBe(8);
    expect(a!.directoryRemoved && b!.directoryRemoved).toBe(true);
    expect(existsSync(root) || existsSync(otherRoot)).toBe(false);
    const after = await totals();
    expect(after.without).toBe(before.without - 8);
    const chunks = legacy.reduce((n, f) => n + Math.ceil(f.bytes!.length / (256 * 1024)), 0);
    expect(after.chunks - before.chunks).toBe(chunks);
    for (const { storedName, bytes } of legacy)
      expect((await download(storedName)).rawPayload.equals(bytes!)).toBe(true);
  });

  it('does nothing without the directory', async () => {
    expect(await moveFilesFromDisk(t.database.db, path.join(dataDir, 'none', 'files'))).toBeUndefined();
  });
});
