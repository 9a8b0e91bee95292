import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle moment, with a deadline, and can be cancelled', () => {
    const pending = new Map<number, () => void>();
    let next = 1;
    const requestIdleCallback = vi.fn((cb: () => void, _options?: { timeout: number }) => (pending.set(next, cb), next++));
    const cancelIdleCallback = vi.fn((id: number) => pending.delete(id));
    vi.stubGlobal('window', { requestIdleCallback, cancelIdleCallback });

    const ran: string[] = [];
    whenIdle(() => ran.push('first'), 2000);
    const cancel = whenIdle(() => ran.push('second'));
    expect(ran).toEqual([]); // nothing runs in the caller's task
    expect(requestIdleCallback.mock.calls.map((c) => c[1])).toEqual([{ timeout: 2000 }, { timeout: 3000 }]);

    cancel();
    for (const cb of pending.values()) cb();
    expect(ran).toEqual(['first']);
  });

  it('falls back to a timeout where there is no requestIdleCallback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const ran: string[] = [];
    whenIdle(() => ran.push('kept'));
    const cancel = whenIdle(() => ran.push('cancelled'));
    cancel();
    expect(ran).toEqual([]);
    vi.runAllTimers();
    expect(ran).toEqual(['kept']);
  });
});
