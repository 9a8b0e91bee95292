/**
 * A background pass run at once and then `intervalMs` after each one ends (never two at a time on this server,
 * however long a pass takes). Returns the stop function, which waits for the pass in progress; the pass is given
 * a signal that stop aborts, so a long one can end early where that is safe.
 */
export function repeatEvery(pass: (stopping: AbortSignal) => Promise<unknown>, intervalMs: number, onError: (err: Error) => void): () => Promise<void> {
  const stopping = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped) return;
    running = pass(stopping.signal)
      .then(() => undefined)
      .catch((err) => onError(err as Error))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref?.();
      });
  };
  tick();
  return async () => {
    stopped = true;
    stopping.abort();
    if (timer) clearTimeout(timer);
    await running;
  };
}
