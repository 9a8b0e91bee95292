import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { backoffMs, BACKOFF, flushOutbox, type FlushDeps } from './flush';
import type { OutboxItem, OutboxStore } from './types';

/** The outbox in memory, as the flush sees IndexedDB. */
function memoryStore(items: OutboxItem[]): OutboxStore & { map: Map<string, OutboxItem> } {
  const map = new Map(items.map((i) => [i.id, i]));
  return {
    map,
    all: async () => [...map.values()].sort((a, b) => a.createdAt - b.createdAt),
    get: async (id) => map.get(id),
    put: async (item) => void map.set(item.id, item),
    delete: async (id) => void map.delete(id),
  };
}

let n = 0;
const item = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: `key-${++n}`,
  target: { kind: 'listing', listingId: 7 },
  body: { sender_name: 'Mariam', sender_email: 'm@example.test', message: 'Is the flat still free?' },
  auth: false,
  lang: 'ar',
  createdAt: n,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'waiting',
  ...over,
});

type Call = { url: string; headers: Record<string, string>; body: unknown };
/** A fetch answering from a list, recording what was sent. `'network'` throws as a dropped link does. */
function fakeFetch(answers: (Response | 'network')[]) {
  const calls: Call[] = [];
  const fetch: FlushDeps['fetch'] = async (url, init) => {
    calls.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) });
    const next = answers.shift() ?? new Response('{}', { status: 201 });
    if (next === 'network') throw new TypeError('Failed to fetch');
    return next;
  };
  return { fetch, calls };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const NOW = 1_000_000;
const deps = (store: OutboxStore, fetch: FlushDeps['fetch'], over: Partial<FlushDeps> = {}): FlushDeps => ({
  store,
  fetch,
  token: () => 'tok',
  now: () => NOW,
  random: () => 0.5,
  ...over,
});

describe('flushOutbox', () => {
  it('sends each waiting message once, with its Idempotency-Key and language, and removes it on a 2xx', async () => {
    const a = item({ lang: 'en' });
    const b = item({ target: { kind: 'platform' } });
    const store = memoryStore([a, b]);
    const { fetch, calls } = fakeFetch([json(201, { id: 1 }), json(200, { id: 2 }, { 'idempotent-replayed': 'true' })]);
    const result = await flushOutbox(deps(store, fetch));
    expect(calls.map((c) => [c.url, c.headers['Idempotency-Key'], c.headers['Accept-Language']])).toEqual([
      ['/api/v1/contact/listing/7', a.id, 'en'],
      ['/api/v1/contact/platform', b.id, 'ar'],
    ]);
    expect(calls[0]!.body).toEqual(a.body);
    expect(result).toMatchObject({ sent: [a.id, b.id], failed: [], waiting: 0, offline: false });
    expect(store.map.size).toBe(0);
    // A second run finds nothing to send.
    await flushOutbox(deps(store, fetch));
    expect(calls).toHaveLength(2);
  });

  it('keeps a refused message (4xx) as failed with the server message, and never sends it again', async () => {
    const a = item();
    const store = memoryStore([a]);
    const { fetch, calls } = fakeFetch([json(404, { detail: 'Listing not found' })]);
    const result = await flushOutbox(deps(store, fetch));
    expect(result.failed).toEqual([a.id]);
    expect(store.map.get(a.id)).toMatchObject({ state: 'failed', error: 'Listing not found', body: a.body });
    await flushOutbox(deps(store, fetch, { force: true }));
    expect(calls).toHaveLength(1);
  });

  it("a refusal without a message says spec §8's 'Failed to send message. Please try again.'; a validation list its first rule", async () => {
    const a = item();
    const b = item();
    const store = memoryStore([a, b]);
    const { fetch } = fakeFetch([new Response('nope', { status: 400 }), json(422, { detail: [{ loc: ['body', 'message'], msg: 'Message must be at least 10 characters' }] })]);
    await flushOutbox(deps(store, fetch));
    expect(store.map.get(a.id)?.error).toBe(MESSAGES.sendFailed);
    expect(store.map.get(b.id)?.error).toBe('Message must be at least 10 characters');
  });

  it.each([409, 429, 500, 503])('%i: keeps it waiting with a back-off, and tries it again later', async (status) => {
    const a = item();
    const store = memoryStore([a]);
    const { fetch, calls } = fakeFetch([json(status, { detail: 'busy' })]);
    const result = await flushOutbox(deps(store, fetch));
    expect(result).toMatchObject({ sent: [], failed: [], waiting: 1, offline: false });
    expect(store.map.get(a.id)).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: NOW + BACKOFF.firstMs });
    // Not before its time…
    await flushOutbox(deps(store, fetch));
    expect(calls).toHaveLength(1);
    // …then with the same key.
    await flushOutbox(deps(store, fetch, { now: () => NOW + BACKOFF.firstMs }));
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual([a.id, a.id]);
    expect(store.map.size).toBe(0);
  });

  it('429 with Retry-After waits at least that long', async () => {
    const a = item();
    const store = memoryStore([a]);
    const { fetch } = fakeFetch([json(429, {}, { 'retry-after': '120' })]);
    await flushOutbox(deps(store, fetch));
    expect(store.map.get(a.id)?.nextAttemptAt).toBe(NOW + 120_000);
  });

  it('a dropped link stops the run (the others would fail alike) and keeps everything', async () => {
    const [a, b] = [item(), item()];
    const store = memoryStore([a, b]);
    const { fetch, calls } = fakeFetch(['network']);
    const result = await flushOutbox(deps(store, fetch));
    expect(result).toMatchObject({ offline: true, waiting: 2 });
    expect(calls).toHaveLength(1);
    expect(store.map.get(a.id)).toMatchObject({ attempts: 1, state: 'waiting' });
    expect(store.map.get(b.id)).toMatchObject({ attempts: 0 });
    // The link is back (`online`): force skips the back-off.
    await flushOutbox(deps(store, fetch, { force: true }));
    expect(store.map.size).toBe(0);
  });

  it('the back-off doubles from 5 s up to 10 minutes, ±20 %', () => {
    expect([1, 2, 3].map((a) => backoffMs(a, () => 0.5))).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(30, () => 0.5)).toBe(BACKOFF.maxMs);
    expect(backoffMs(1, () => 0)).toBe(4_000);
    expect(backoffMs(1, () => 0.999999)).toBe(6_000);
  });

  it('signed-in messages: the token read at send time; left alone where no token can be read (the worker)', async () => {
    const a = item({ auth: true });
    const store = memoryStore([a]);
    const { fetch, calls } = fakeFetch([]);
    const worker = await flushOutbox(deps(store, fetch, { token: null }));
    expect(worker).toMatchObject({ sent: [], waiting: 1 });
    expect(calls).toHaveLength(0);
    let token = 'old';
    const run = flushOutbox(deps(store, fetch, { token: () => token }));
    token = 'fresh';
    await run;
    expect(calls[0]!.headers.Authorization).toBe('Bearer fresh');
    // Signed out since: sent without one.
    const b = item({ auth: true });
    await store.put(b);
    await flushOutbox(deps(store, fetch, { token: () => null }));
    expect(calls[1]!.headers.Authorization).toBeUndefined();
  });

  it('two senders at once (two tabs, a tab and the worker) send each message once', async () => {
    const items = [item(), item(), item()];
    const store = memoryStore(items);
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    const fetch: FlushDeps['fetch'] = async (_url, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      sent.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      inFlight -= 1;
      return json(201, {});
    };
    await Promise.all([flushOutbox(deps(store, fetch)), flushOutbox(deps(store, fetch)), flushOutbox(deps(store, fetch))]);
    expect(sent.sort()).toEqual(items.map((i) => i.id).sort());
    expect(most).toBe(1);
  });

  it('a message taken back while the run was under way is not sent', async () => {
    const [a, b] = [item(), item()];
    const store = memoryStore([a, b]);
    const calls: string[] = [];
    const fetch: FlushDeps['fetch'] = async (_url, init) => {
      const key = (init.headers as Record<string, string>)['Idempotency-Key']!;
      calls.push(key);
      if (key === a.id) await store.delete(b.id); // the visitor cancels b while a is being sent
      return json(201, {});
    };
    await flushOutbox(deps(store, fetch));
    expect(calls).toEqual([a.id]);
  });

  it('a message queued while a run is sending goes out in the same run', async () => {
    const a = item();
    const store = memoryStore([a]);
    const late = item();
    const calls: string[] = [];
    const fetch: FlushDeps['fetch'] = async (_url, init) => {
      const key = (init.headers as Record<string, string>)['Idempotency-Key']!;
      calls.push(key);
      if (key === a.id) await store.put(late);
      return json(201, {});
    };
    const result = await flushOutbox(deps(store, fetch));
    expect(calls).toEqual([a.id, late.id]);
    expect(result.waiting).toBe(0);
  });
});
