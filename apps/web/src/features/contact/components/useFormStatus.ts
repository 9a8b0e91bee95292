import { useCallback, useEffect, useRef, useState } from 'react';

/** `queued`: kept on the device until the link returns (issue 30); `id` is its outbox item. */
export type FormStatus = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; message: string } | { kind: 'queued'; id: string };

/**
 * The contact forms' status line (spec §4): success or error after sending; typing clears it. With
 * `successMs`, a success message also hides itself after that long (the details page: 5 s).
 */
export function useFormStatus(successMs?: number) {
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clearTimer, []);
  const succeed = useCallback(() => {
    clearTimer();
    setStatus({ kind: 'success' });
    if (successMs) timer.current = setTimeout(() => setStatus({ kind: 'idle' }), successMs);
  }, [successMs]);
  const fail = useCallback((message: string) => {
    clearTimer();
    setStatus({ kind: 'error', message });
  }, []);
  const queued = useCallback((id: string) => {
    clearTimer();
    setStatus({ kind: 'queued', id });
  }, []);
  const clear = useCallback(() => {
    clearTimer();
    setStatus((s) => (s.kind === 'idle' ? s : { kind: 'idle' }));
  }, []);
  return { status, succeed, fail, queued, clear };
}
