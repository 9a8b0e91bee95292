/** "Expires in N days" on /my-properties (issue 28): whole days left, counted down to "today", never negative. */
import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, daysLeft } from './ListingExpiry';

const DAY = 24 * 3600 * 1000;
const now = Date.UTC(2026, 10, 26, 6, 0);
const at = (ms: number) => new Date(now + ms).toISOString();

describe('daysLeft', () => {
  it('counts whole days left, so a listing ending in 5 days and 1 hour says 5', () => {
    expect(daysLeft(at(5 * DAY + 3600_000), now)).toBe(5);
    expect(daysLeft(at(EXPIRY_WARNING_DAYS * DAY), now)).toBe(14);
  });
  it('says 0 (today) on the last day and after the end, and nothing without an end', () => {
    expect(daysLeft(at(3600_000), now)).toBe(0);
    expect(daysLeft(at(-DAY), now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
});
