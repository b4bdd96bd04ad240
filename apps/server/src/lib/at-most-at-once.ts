/**
 * Runs asynchronous work with at most `limit` pieces in flight; the others wait their turn, first
 * come first served. A piece that fails frees its turn like one that succeeds.
 */
export function atMostAtOnce(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
