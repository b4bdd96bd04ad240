/** What every bench prints and keeps: a table, and its figures with the date and load in docs/benchmarks.md. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** A run at a tiny size to keep a bench working (`npm run bench:smoke`): targets are not judged. */
export const smokeRun = process.env.BENCH_SMOKE === '1';

const file = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** The value at fraction `p` of sorted figures (0 when there are none). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export function printTable(header: string[], rows: (string | number)[][]) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

const cell = (v: unknown) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v));

/**
 * Adds a run's figures under the bench's heading in docs/benchmarks.md: the date, the machine's
 * cores and load average, then the figures in the order given. A smoke run (`BENCH_SMOKE=1`, the
 * tiny sizes CI runs) records nothing.
 */
export async function recordFigures(bench: string, figures: Record<string, unknown>) {
  if (smokeRun) return;
  const text = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmark figures\n';
  const keys = ['date', 'cores', 'load', ...Object.keys(figures)];
  const row = `| ${[new Date().toISOString().slice(0, 16).replace('T', ' '), cpus().length, loadavg()[0]!.toFixed(2), ...Object.values(figures)].map(cell).join(' | ')} |`;
  const heading = `## ${bench}`;
  const at = text.indexOf(`\n${heading}\n`);
  let next: string;
  if (at < 0) {
    next = `${text.trimEnd()}\n\n${heading}\n\n| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|\n${row}\n`;
  } else {
    const end = text.indexOf('\n## ', at + 1);
    const section = end < 0 ? text.slice(at) : text.slice(at, end);
    const updated = `${section.trimEnd()}\n${row}\n`;
    next = text.slice(0, at) + updated + (end < 0 ? '' : text.slice(end));
  }
  await writeFile(file, next);
}
