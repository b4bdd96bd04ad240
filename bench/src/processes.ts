/** Starting the real server (or another TypeScript entry point) as a child process for a bench. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildServer, serverCommand } from '../../scripts/server-build.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a TypeScript file of the checkout with `tsx`. */
export function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

let built = false;

/**
 * The real server, run the way `npm start` runs it: built into one JavaScript file (once per bench
 * run) and run with plain Node. A variable set to `undefined` in `env` is left out.
 */
export function startServer(
  env: Record<string, string | undefined>,
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
) {
  if (!built) buildServer();
  built = true;
  const [command, args] = serverCommand();
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio });
}

/** Waits until a URL answers 2xx (one minute at most), or until the process `child` has ended. */
export async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server stopped before answering (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Stops a child process and waits until it has ended. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await ended;
}

/** The resident set of process `pid` now and at its peak since the last reset, in MB (Linux). */
export async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Sets the peak back to the current resident set (Linux: "5" to clear_refs). */
export const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
