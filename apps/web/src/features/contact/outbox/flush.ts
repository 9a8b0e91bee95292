import { MESSAGES } from '@manzil/shared';
import { OUTBOX_TAG, type OutboxItem, type OutboxStore } from './types';

/**
 * Sends the outbox (issue 30). Runs in a page and in the service worker alike, so no DOM, no localStorage and
 * no imports that reach them: what differs comes in as `FlushDeps`.
 *
 * Exactly once: one sender at a time on the whole device (Web Locks), each item re-read under the lock before
 * it is sent and removed as soon as the server took it; the `Idempotency-Key` (the item's id, the same on every
 * attempt) lets the server answer a repeat (a reply lost on the way back) without sending again.
 */

export const API_PATH = '/api/v1';
export const BACKOFF = { firstMs: 5_000, maxMs: 10 * 60_000 };

export interface FlushDeps {
  store: OutboxStore;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * The bearer token now, for items written while signed in. Null when this context cannot read it (the
   * service worker): those items are then left for the next page, which can. A page whose visitor signed out
   * since sends them without a token (the endpoints are public; the server just does not link an account).
   */
  token: (() => string | null) | null;
  now?: () => number;
  /** Try waiting items now even if their back-off has not run out (the link just came back, the app started). */
  force?: boolean;
  /** Random in [0, 1) for the back-off's jitter (tests pin it). */
  random?: () => number;
}

export interface FlushResult {
  sent: string[];
  failed: string[];
  /** Still waiting after this run (network down, busy server, or left for a page). */
  waiting: number;
  /** The run stopped on a network failure: the link is down (the sync event asks the browser to try again). */
  offline: boolean;
}

/** How long to wait before attempt number `attempts + 1`: 5 s, 10 s, 20 s … up to 10 min, ±20 %. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1), BACKOFF.maxMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function outboxUrl(item: OutboxItem): string {
  return item.target.kind === 'listing' ? `${API_PATH}/contact/listing/${item.target.listingId}` : `${API_PATH}/contact/platform`;
}

/** The headers of every attempt of `item`: the same Idempotency-Key each time. */
export function outboxHeaders(item: Pick<OutboxItem, 'id' | 'lang'>, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': item.lang,
    'Idempotency-Key': item.id,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The server's message for a refused item: `detail` (string, or the first validation message), else spec §8's. */
async function refusal(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown; message?: unknown };
    const d = body?.detail;
    if (typeof d === 'string' && d.trim()) return d;
    if (Array.isArray(d) && typeof (d[0] as { msg?: unknown } | undefined)?.msg === 'string') return (d[0] as { msg: string }).msg;
    if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  } catch {
    /* not JSON */
  }
  return MESSAGES.sendFailed;
}

/**
 * What an answer means for the item: 2xx (a first answer or the server's replay of it) → it arrived, remove it;
 * 409 (the same key still in flight), 408, 425, 429 and 5xx → try again later; any other 4xx → the server
 * will never take it as it is: keep it as failed, with the reason, for the visitor to edit or copy.
 */
export function classify(status: number): 'sent' | 'retry' | 'failed' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** One sender on the device: the Web Locks API where there is one, else one per context (a promise chain). */
let chain: Promise<unknown> = Promise.resolve();
export function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(OUTBOX_TAG, run) as Promise<T>;
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

export function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  return withOutboxLock(() => flushLocked(deps));
}

async function flushLocked(deps: FlushDeps): Promise<FlushResult> {
  const now = deps.now ?? Date.now;
  const result: FlushResult = { sent: [], failed: [], waiting: 0, offline: false };
  const tried = new Set<string>();
  const sendable = (i: OutboxItem) => i.state === 'waiting' && (!i.auth || deps.token !== null);
  // Read again after each round: an item queued (in any tab) while this run was sending goes out with it.
  for (;;) {
    const due = (await deps.store.all()).filter((i) => sendable(i) && !tried.has(i.id) && (deps.force || i.nextAttemptAt <= now()));
    if (!due.length || result.offline) break;
    for (const queued of due) {
      tried.add(queued.id);
      // Under the lock, so no other sender has it in hand; cancelled or sent since the list was read?
      const item = await deps.store.get(queued.id);
      if (!item || !sendable(item)) continue;
      const outcome = await sendOne(item, deps);
      if (outcome === 'sent') {
        await deps.store.delete(item.id);
        result.sent.push(item.id);
        continue;
      }
      if (outcome === 'offline' || outcome === 'retry' || typeof outcome === 'number') {
        const attempts = item.attempts + 1;
        const wait = typeof outcome === 'number' ? Math.max(outcome, backoffMs(attempts, deps.random)) : backoffMs(attempts, deps.random);
        if (await deps.store.get(item.id)) await deps.store.put({ ...item, attempts, nextAttemptAt: now() + wait });
        if (outcome === 'offline') {
          result.offline = true;
          break; // the link is down: the others would fail the same way
        }
        continue;
      }
      if (await deps.store.get(item.id)) await deps.store.put({ ...item, attempts: item.attempts + 1, state: 'failed', error: outcome.failed });
      result.failed.push(item.id);
    }
  }
  result.waiting = (await deps.store.all()).filter((i) => i.state === 'waiting').length;
  return result;
}

/** 'sent', 'offline', 'retry', a Retry-After in ms, or the reason it was refused. */
async function sendOne(item: OutboxItem, deps: FlushDeps): Promise<'sent' | 'offline' | 'retry' | number | { failed: string }> {
  const token = item.auth && deps.token ? deps.token() : null;
  let response: Response;
  try {
    response = await deps.fetch(outboxUrl(item), { method: 'POST', headers: outboxHeaders(item, token), body: JSON.stringify(item.body) });
  } catch {
    return 'offline';
  }
  const kind = classify(response.status);
  if (kind === 'sent') return 'sent';
  if (kind === 'retry') {
    const after = Number(response.headers.get('retry-after'));
    return Number.isFinite(after) && after > 0 ? after * 1000 : 'retry';
  }
  return { failed: await refusal(response) };
}
