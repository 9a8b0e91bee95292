/**
 * Runs `task` when the main thread is next idle (requestIdleCallback; a plain timeout where Safari lacks it), at
 * the latest after `timeout` ms. Start-up work no one waits for goes here, so that it does not lengthen the task in
 * which React hydrates the page: on a slow phone that task is what keeps a first tap waiting.
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}
