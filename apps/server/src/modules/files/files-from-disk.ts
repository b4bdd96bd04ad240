import { createReadStream } from 'node:fs';
import { readdir, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { fillContent, receiveContent, STORED_NAME } from './file-storage.ts';
import { filesRepository } from './files.repository.ts';

export interface MoveSummary {
  /** Files whose content this run wrote into the database (and removed from the disk). */
  moved: number;
  /** Disk copies of files already in the database (a run stopped before removing them), removed. */
  removedCopies: number;
  /** Files on the disk no file record names: left where they are. */
  unknown: string[];
  /** File records whose content is neither in the database nor on the disk. */
  missing: number;
  /** Whether the directory is gone (nothing was left in it). */
  directoryRemoved: boolean;
}

/** The stored files under `root`: `root/<first two characters>/<name>`, as earlier versions wrote them. */
async function filesUnder(root: string): Promise<{ name: string; file: string }[]> {
  const found: { name: string; file: string }[] = [];
  for (const dir of await readdir(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const entry of await readdir(path.join(root, dir.name), { withFileTypes: true })) {
      if (entry.isFile()) found.push({ name: entry.name, file: path.join(root, dir.name, entry.name) });
    }
  }
  return found;
}

/** Removes the directories under `root` that are empty, then `root` if it is; answers whether it went. */
async function removeEmptyDirectories(root: string): Promise<boolean> {
  const gone = async (dir: string) =>
    rmdir(dir).then(
      () => true,
      () => false,
    );
  for (const dir of await readdir(root, { withFileTypes: true }))
    if (dir.isDirectory()) await gone(path.join(root, dir.name));
  return gone(root);
}

/**
 * Moves the files earlier versions kept on disk (`DATA_DIR/files`) into the database, where the
 * file records already are: each file's content is written in one transaction with its SHA-256,
 * and the disk copy is removed once that committed. Idempotent: a second run (or one after a
 * crash, or another instance starting at the same time) finds nothing left to write, removes the
 * copies of files already moved and leaves the database as it is. The directory goes when it is
 * empty; files no record names stay in it, and are reported.
 */
export async function moveFilesFromDisk(db: Db, root: string): Promise<MoveSummary | undefined> {
  let entries: { name: string; file: string }[];
  try {
    entries = await filesUnder(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const summary: MoveSummary = { moved: 0, removedCopies: 0, unknown: [], missing: 0, directoryRemoved: false };
  for (const { name, file } of entries) {
    const record = STORED_NAME.test(name) ? await filesRepository.contentState(db, name) : undefined;
    if (!record) {
      summary.unknown.push(path.relative(root, file));
      continue;
    }
    if (!record.stored) {
      const content = await receiveContent(createReadStream(file));
      if (await fillContent(db, record.id, content)) summary.moved += 1;
      else summary.removedCopies += 1;
    } else summary.removedCopies += 1;
    // Another instance starting at the same time may have removed it first.
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  summary.missing = await filesRepository.countWithoutContent(db);
  summary.directoryRemoved = await removeEmptyDirectories(root);
  return summary;
}
