import { getToken } from '../../../api/client';
import { backoffMs, flushOutbox, type FlushResult } from './flush';
import { idbOutbox, subscribeOutbox } from './store';
import { OUTBOX_TAG, type OutboxItem } from './types';

/**
 * The page's side of the outbox (issue 30): queue a message, and send what waits when the app starts (also after
 * the tab was closed), when the link comes back (`online`), and when a back-off runs out while this tab is open.
 * Background Sync (sw/outbox-sync.ts) covers the time no tab is open, where the browser has it.
 */

let started = false;
let timer: ReturnType<typeof setTimeout> | null = null;

const flush = (force: boolean): Promise<FlushResult | null> =>
  flushOutbox({ store: idbOutbox, fetch: (url, init) => fetch(url, init), token: getToken, force })
    .catch(() => null) // IndexedDB unavailable: nothing was queued either
    .then(async (result) => {
      await scheduleNext();
      return result;
    });

/** The next back-off to run out, while this tab is open and the browser thinks it is online. */
async function scheduleNext() {
  if (timer) clearTimeout(timer);
  timer = null;
  const waiting = (await idbOutbox.all().catch(() => [] as OutboxItem[])).filter((i) => i.state === 'waiting');
  if (!waiting.length) return;
  const next = Math.min(...waiting.map((i) => i.nextAttemptAt));
  timer = setTimeout(() => void flush(false), Math.max(1_000, next - Date.now()));
}

/** Once per page: a first flush now, then on every `online`. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flush(true));
  void flush(true);
}

/** Ask the service worker to send when the link returns, even if this tab is closed by then. */
async function registerSync() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_TAG);
  } catch {
    /* no Background Sync here: `online` and the next visit do it */
  }
}

export interface QueueInput {
  id: string;
  target: OutboxItem['target'];
  body: Record<string, string>;
  auth: boolean;
  lang: OutboxItem['lang'];
  /** The form already tried once (a network failure): wait a back-off before the next attempt. */
  triedOnce: boolean;
}

/** Keep a message on the device to be sent later; resolves once it is stored. */
export async function queueMessage(input: QueueInput): Promise<OutboxItem> {
  const now = Date.now();
  const item: OutboxItem = {
    id: input.id,
    target: input.target,
    body: input.body,
    auth: input.auth,
    lang: input.lang,
    createdAt: now,
    attempts: input.triedOnce ? 1 : 0,
    nextAttemptAt: input.triedOnce ? now + backoffMs(1) : now,
    state: 'waiting',
  };
  await idbOutbox.put(item);
  startOutbox();
  void registerSync();
  await scheduleNext();
  return item;
}

const cancelled = new Set<string>();
/** The visitor took a message back (after confirming), waiting or failed; or put it back in the form to edit. */
export function cancelMessage(id: string): Promise<void> {
  cancelled.add(id);
  return idbOutbox.delete(id);
}
/** Taken back in this tab (its leaving the outbox does not mean it was sent). */
export const wasCancelled = (id: string) => cancelled.has(id);

export const listOutbox = () => idbOutbox.all();
export { subscribeOutbox };
