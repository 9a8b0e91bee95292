/**
 * A background pass run at once and then `intervalMs` after each one ends (never two at a time on this server,
 * however long a pass takes). Returns the stop function, which waits for the pass in progress.
 */
export function repeatEvery(pass: () => Promise<unknown>, intervalMs: number, onError: (err: Error) => void): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped) return;
    running = pass()
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
    if (timer) clearTimeout(timer);
    await running;
  };
}
