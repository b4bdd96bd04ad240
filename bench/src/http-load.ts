/** Closed-loop HTTP load with autocannon: a warm-up, then the measured run. */
import autocannon from 'autocannon';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` clients asking `path(i)` for `duration` seconds after a two-second warm-up. */
export async function load(
  base: string,
  path: (i: number) => string,
  connections: number,
  duration: number,
): Promise<Figures> {
  let i = 0;
  const requests = [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: path(i++) }) }];
  // A short warm-up fills caches and prepared plans, then the measured run.
  await autocannon({ url: base, connections, duration: Math.min(2, duration), requests });
  const result = await autocannon({ url: base, connections, duration, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The median of each figure over several runs (errors summed): one noisy run does not decide. */
export function medianOf(runs: Figures[]): Figures {
  const mid = (k: keyof Figures) => [...runs.map((x) => x[k])].sort((x, y) => x - y)[Math.floor(runs.length / 2)]!;
  return { rps: mid('rps'), p50: mid('p50'), p99: mid('p99'), errors: runs.reduce((n, x) => n + x.errors, 0) };
}
