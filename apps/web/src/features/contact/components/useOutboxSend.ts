import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@manzil/shared';
import { ApiError, getToken } from '../../../api/client';
import { toAppLanguage } from '../../../i18n/config';
import { contactErrorMessage } from '../api';
import { cancelMessage, queueMessage, wasCancelled } from '../outbox/runner';
import type { OutboxItem } from '../outbox/types';
import { useOutbox } from '../outbox/useOutbox';
import type { FormStatus } from './useFormStatus';

/** crypto.randomUUID is only in secure contexts (https, localhost); a plain-http LAN address gets the same shape. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.isNetworkError;

/**
 * A contact form's side of the outbox (issue 30): the Idempotency-Key of what is being sent (the same for the
 * same text until it is sent or queued, so a double click is one message), keeping a message on the device when
 * there is no link, and this form's queued messages. A queued message the page sees leave the outbox (not
 * taken back) was sent: `onSent` shows the spec's success text then.
 */
export function useOutboxSend(target: OutboxItem['target'], status: FormStatus, onSent: () => void, onFailed: () => void) {
  const { i18n } = useTranslation();
  const items = useOutbox();
  const targetKey = target.kind === 'listing' ? `listing:${target.listingId}` : 'platform';
  const mine = useMemo(
    () => (items ?? []).filter((i) => (i.target.kind === 'listing' ? `listing:${i.target.listingId}` : 'platform') === targetKey),
    [items, targetKey],
  );
  const current = useRef<{ key: string; body: string } | null>(null);

  const keyFor = useCallback((body: object) => {
    const json = JSON.stringify(body);
    if (current.current?.body !== json) current.current = { key: newIdempotencyKey(), body: json };
    return current.current.key;
  }, []);
  /** The message went (sent, queued or refused): the next one gets a new key. */
  const settle = useCallback(() => {
    current.current = null;
  }, []);

  const queue = useCallback(
    async (key: string, body: object, triedOnce: boolean) => {
      const item = await queueMessage({
        id: key,
        target,
        body: Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
        auth: Boolean(getToken()),
        lang: toAppLanguage(i18n.language),
        triedOnce,
      });
      current.current = null;
      return item;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target is identified by targetKey
    [targetKey, i18n],
  );

  /**
   * Kept on the device until the link returns: the form empties and shows the message as waiting. Without IndexedDB
   * what was typed stays, with the send's error (or the network text).
   */
  const keep = useCallback(
    async (key: string, body: object, triedOnce: boolean, form: { reset: () => void; queued: (id: string) => void; fail: (message: string) => void }, error?: unknown) => {
      try {
        const item = await queue(key, body, triedOnce);
        form.reset();
        form.queued(item.id);
      } catch {
        form.fail(error ? contactErrorMessage(error) : MESSAGES.contactNetworkError);
      }
    },
    [queue],
  );

  // The queued message this form shows left the outbox: sent (or refused: it stays, as failed).
  const queuedId = status.kind === 'queued' ? status.id : null;
  useEffect(() => {
    if (!queuedId || items === null) return;
    const item = items.find((i) => i.id === queuedId);
    if (!item && !wasCancelled(queuedId)) onSent();
    else if (!item || item.state === 'failed') onFailed();
  }, [queuedId, items, onSent, onFailed]);

  return { mine, keyFor, settle, keep, isOffline, take: cancelMessage };
}
