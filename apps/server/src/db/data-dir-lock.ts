import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The embedded database is one PostgreSQL cluster in a directory, written by whichever process
 * opened it, with no coordination between two such processes: a second server on the same
 * DATA_DIR acknowledges writes that the first one's files then overwrite. So one process at a
 * time holds `DATA_DIR/pglite.lock`, from before PGlite opens the directory until it is closed.
 *
 * The lock is a file created exclusively (O_EXCL) holding the holder's pid, host, boot id and
 * process start time, as PostgreSQL's own postmaster.pid does. A lock whose holder is gone is
 * stale and taken over at once: its pid no longer runs, or runs a different process (the start
 * time differs, or the machine booted since), or is our own pid without this process holding it
 * (a container restarted after a crash). The kernel answers those questions, so a server killed
 * with SIGKILL, or by a power cut, never blocks the next start, and a live holder is never judged
 * stale however long its event loop is busy.
 *
 * Not proper-lockfile: its staleness is an mtime that the holder refreshes on a timer. A crashed
 * server's lock then blocks restarts (a supervisor's, at once) until the stale period passes, and
 * PGlite runs its queries on the main thread, so a long statement that delays the refresh past
 * that period lets a second process take a lock whose holder is still writing.
 *
 * A lock held from another host cannot be checked from here and counts as held; the message then
 * names the file to remove once that server is known to be gone.
 */

interface Holder {
  pid: number;
  host: string;
  bootId?: string;
  startTime?: string;
  since: string;
  token: string;
}

/** A second server, or a second open in this process, found the embedded database in use. */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holderPid?: number,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Gives the directory up; only the holder's own lock file is removed. Safe to call twice. */
  release(): void;
}

/** Lock files this process holds, by path, with the token written into each. */
const heldHere = new Map<string, string>();

/** An empty or unreadable lock younger than this is one being written, not a crash's remnant. */
const WRITING_GRACE_MS = 2_000;
/** A guard older than this was left by a process that died while clearing a stale lock. */
const GUARD_STALE_MS = 10_000;

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function ageMs(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(value.pid) && typeof value.host === 'string' && typeof value.token === 'string') {
      return value as Holder;
    }
  } catch {
    // An empty or cut file: judged by its age below.
  }
  return undefined;
}

function bootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id')?.trim();
}

/** Linux: the process's start time in clock ticks since boot; elsewhere unknown. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderLives(lockFile: string, holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  const ourBoot = bootId();
  if (holder.bootId && ourBoot && holder.bootId !== ourBoot) return false;
  if (holder.pid === process.pid) return heldHere.get(lockFile) === holder.token;
  if (!pidRuns(holder.pid)) return false;
  const startTime = startTimeOf(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function lockedMessage(dataDir: string, databaseDir: string, lockFile: string, holder?: Holder): string {
  const elsewhere = holder && holder.host !== hostname() ? ` on host ${holder.host}` : '';
  let who = 'a server process that is starting';
  if (holder && holder.pid === process.pid && !elsewhere) who = `this process (pid ${holder.pid}), which has it open`;
  else if (holder) who = `a server process${elsewhere} (pid ${holder.pid}, since ${holder.since})`;
  return (
    `DATA_DIR ${dataDir} is in use: its embedded database ${databaseDir} is held by ${who}. ` +
    'One data directory serves one server process: stop that server, or start this one with another DATA_DIR.' +
    (elsewhere ? ` If that server no longer runs, remove ${lockFile}.` : '')
  );
}

/** Removes `lockFile` if it still holds exactly `text`, with one remover at a time. */
async function clearStale(lockFile: string, text: string): Promise<void> {
  const guard = `${lockFile}.clearing`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if ((ageMs(guard) ?? 0) > GUARD_STALE_MS) rmSync(guard, { force: true });
    else await sleep(50);
    return;
  }
  try {
    // Another process may have cleared it and taken the directory since we read it.
    if (readText(lockFile) === text) rmSync(lockFile, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Takes the lock on the embedded database `databaseDir` (inside `dataDir`) for this process, or
 * throws DataDirLockedError when a live process holds it.
 */
export async function lockDataDirectory(dataDir: string, databaseDir: string): Promise<DataDirLock> {
  // One name for the file however the directory was reached, so this process knows its own lock.
  const lockFile = `${realpathSync(databaseDir)}.lock`;
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTime: startTimeOf(process.pid),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const text = JSON.stringify(holder);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      writeFileSync(lockFile, text, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const found = readText(lockFile);
      if (found === undefined) continue;
      const other = parseHolder(found);
      if (other ? holderLives(lockFile, other) : (ageMs(lockFile) ?? 0) < WRITING_GRACE_MS) {
        if (!other && attempt < 49) {
          await sleep(100);
          continue;
        }
        throw new DataDirLockedError(lockedMessage(dataDir, databaseDir, lockFile, other), other?.pid);
      }
      await clearStale(lockFile, found);
      continue;
    }
    heldHere.set(lockFile, holder.token);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      heldHere.delete(lockFile);
      if (readText(lockFile) === text) rmSync(lockFile, { force: true });
    };
    // A process that ends through process.exit without closing the database leaves no lock.
    process.on('exit', release);
    return { release };
  }
  throw new DataDirLockedError(lockedMessage(dataDir, databaseDir, lockFile));
}
