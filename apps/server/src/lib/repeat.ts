/**
 * Runs `task` every `intervalMs` in this process, never two runs at once (a slow run makes the
 * next tick skip), without keeping the process alive. The answer stops it.
 */
export function runEvery(intervalMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
