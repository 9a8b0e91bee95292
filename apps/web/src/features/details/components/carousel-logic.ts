/** Pure carousel rules, unit-tested: the counter wraps around, arrow keys follow the reading direction. */

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** Step for a key press: ArrowRight is "next" in English and "previous" in Arabic (the carousel mirrors). */
export function stepForKey(key: string, dir: 'ltr' | 'rtl'): number | 'first' | 'last' | null {
  switch (key) {
    case 'ArrowRight':
      return dir === 'rtl' ? -1 : 1;
    case 'ArrowLeft':
      return dir === 'rtl' ? 1 : -1;
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}
