import { beforeEach, describe, expect, it } from 'vitest';
import { storeListingSuccess, takeListingSuccess } from './useListingSuccessBanner';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('propertyListingSuccess', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });

  it('stores {message, type, timestamp} and is read once within 5 minutes', () => {
    const state = storeListingSuccess('Saved!');
    const raw = JSON.parse(sessionStorage.getItem('propertyListingSuccess')!);
    expect(raw).toMatchObject({ message: 'Saved!', type: 'success', timestamp: expect.any(Number) });
    expect(takeListingSuccess(null)).toMatchObject({ message: 'Saved!' });
    expect(takeListingSuccess(null)).toBeNull();
    expect(takeListingSuccess(state)).toMatchObject({ message: 'Saved!' }); // navigation-state fallback
  });

  it('ignores a message older than 5 minutes', () => {
    storeListingSuccess('Old');
    expect(takeListingSuccess(null, Date.now() + 5 * 60 * 1000 + 1)).toBeNull();
  });
});
