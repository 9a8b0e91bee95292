import { describe, expect, it } from 'vitest';
import { stepForKey, wrapIndex } from './carousel-logic';

describe('carousel', () => {
  it('wraps the index both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
  it('mirrors arrow keys in Arabic', () => {
    expect(stepForKey('ArrowRight', 'ltr')).toBe(1);
    expect(stepForKey('ArrowLeft', 'ltr')).toBe(-1);
    expect(stepForKey('ArrowRight', 'rtl')).toBe(-1);
    expect(stepForKey('ArrowLeft', 'rtl')).toBe(1);
    expect(stepForKey('Home', 'rtl')).toBe('first');
    expect(stepForKey('a', 'ltr')).toBeNull();
  });
});
