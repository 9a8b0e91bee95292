import { useCallback, useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { contactErrorMessage } from '../api';
import type { OutboxItem } from '../outbox/types';
import { useFormStatus } from './useFormStatus';
import { isNetworkFailure, useOutboxSend } from './useOutboxSend';

/** The fields of both contact forms (spec §5): the owner's on a listing and the platform's on /contact. */
export interface ContactValues {
  sender_name: string;
  sender_email: string;
  sender_phone: string;
  message: string;
}
const EMPTY: ContactValues = { sender_name: '', sender_email: '', sender_phone: '', message: '' };
const FIELDS = Object.keys(EMPTY) as (keyof ContactValues)[];

/**
 * The fields a 422 of the server names, with their messages (the form's own check may not have run: its code
 * loads lazily, and offline it sends unchecked). Null when the answer is not such a list.
 */
function fieldErrors(error: unknown): [keyof ContactValues, string][] | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const found: [keyof ContactValues, string][] = [];
  for (const d of error.detail as { loc?: unknown; msg?: unknown }[]) {
    const field = Array.isArray(d?.loc) ? d.loc[1] : undefined;
    if (FIELDS.includes(field as keyof ContactValues) && typeof d.msg === 'string') found.push([field as keyof ContactValues, d.msg]);
  }
  return found.length ? found : null;
}

interface Options<Body> {
  target: OutboxItem['target'];
  resolver: Resolver<ContactValues>;
  /** Sends the checked values (trimmed, optional fields dropped, digits read as 0-9 by the schema) under `key`. */
  send: { isPending: boolean; mutateAsync: (v: { body: Body; key: string }) => Promise<unknown> };
  /** The details page's success text hides itself after this long. */
  successMs?: number;
  /** A signed-in visitor's name and e-mail, filled in once known unless something was typed already. */
  signedIn?: { full_name?: string | null; email?: string | null } | null;
  /**
   * The server's 422 list shown under its fields, all at once (the owner's form, spec §5). Without it, the server's
   * first message in the status line (/contact, whose own check has shown every failing rule under its field).
   */
  serverFieldErrors?: boolean;
}

/**
 * What the two contact forms share (spec §4, issue 30): the form, its status line, and sending through the
 * outbox: offline or when the link drops, the message is kept on the device; refused, the server's message shows
 * (or its field errors, see `serverFieldErrors`); a kept message the server refused comes back into the form.
 */
export function useContactForm<Body>({ target, resolver, send, successMs, signedIn, serverFieldErrors = false }: Options<Body>) {
  const { status, succeed, fail, queued, clear } = useFormStatus(successMs);
  const outbox = useOutboxSend(target, status, succeed, clear);
  const form = useForm<ContactValues>({ resolver, defaultValues: EMPTY, mode: 'onSubmit', reValidateMode: 'onChange' });

  useEffect(() => {
    if (!signedIn) return;
    if (!form.getValues('sender_name')) form.setValue('sender_name', signedIn.full_name ?? '');
    if (!form.getValues('sender_email')) form.setValue('sender_email', signedIn.email ?? '');
  }, [signedIn, form]);

  /** Kept on the device until the link returns: the form empties, the message shows below as waiting. */
  const kept = { reset: () => form.reset(EMPTY), queued, fail };

  const onSubmit = form.handleSubmit(async (values) => {
    if (send.isPending) return; // a second click while sending: the first is the message
    clear();
    const key = outbox.keyFor(values);
    if (outbox.isOffline()) return outbox.keep(key, values, false, kept);
    try {
      await send.mutateAsync({ body: values as Body, key }); // the resolver's schema made them the body
      outbox.settle();
      form.reset(EMPTY);
      succeed();
    } catch (error) {
      // The link dropped: the request may or may not have arrived; the same key makes a resend safe.
      if (isNetworkFailure(error)) return outbox.keep(key, values, true, kept, error);
      outbox.settle();
      // The fields keep what was typed.
      const fields = serverFieldErrors ? fieldErrors(error) : null;
      if (fields) fields.forEach(([field, message]) => form.setError(field, { message }));
      else fail(contactErrorMessage(error));
    }
  });

  /** A message the server refused, back in the form to put right (and out of the outbox). */
  const edit = useCallback(
    (item: OutboxItem) => {
      form.reset({ ...EMPTY, ...item.body });
      clear();
      void outbox.take(item.id);
    },
    [form, clear, outbox],
  );

  return { form, status, clear, outbox, onSubmit, edit, sending: send.isPending };
}
