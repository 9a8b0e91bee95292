import { useRef } from 'react';

/**
 * What a dialog was opened for, kept while it fades out: by then its owner has set the value back to null, and an
 * emptied dialog would flash during the animation.
 */
export function useLastWhileClosing<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value != null) last.current = value;
  return value ?? last.current;
}
