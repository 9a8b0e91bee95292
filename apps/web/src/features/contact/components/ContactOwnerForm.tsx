import { useCallback, useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES, TIMINGS, type ListingContactBody } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { lazyResolver } from '../../../components/form/lazyResolver';
import { translateApiError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { contactErrorMessage, useListingMessage } from '../api';
import type { OutboxItem } from '../outbox/types';
import { ContactField } from './ContactField';
import { OutboxList } from './OutboxList';
import { SendButton, SendStatus } from './SendControls';
import { useFormStatus } from './useFormStatus';
import { isNetworkFailure, useOutboxSend } from './useOutboxSend';
import '../contact.css';

interface Values {
  sender_name: string;
  sender_email: string;
  sender_phone: string;
  message: string;
}
const EMPTY: Values = { sender_name: '', sender_email: '', sender_phone: '', message: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

/**
 * The fields a 422 of the server names, with their messages (the form's own check may not have run: its code
 * loads lazily, and offline it sends unchecked). Null when the answer is not such a list.
 */
function fieldErrors(error: unknown): [keyof Values, string][] | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const found: [keyof Values, string][] = [];
  for (const d of error.detail as { loc?: unknown; msg?: unknown }[]) {
    const field = Array.isArray(d?.loc) ? d.loc[1] : undefined;
    if (FIELDS.includes(field as keyof Values) && typeof d.msg === 'string') found.push([field as keyof Values, d.msg]);
  }
  return found.length ? found : null;
}

// zod and the schema load on the form's first focus or submit, not with the listing's page.
const resolver = lazyResolver<Values>(() => import('../validation').then((m) => m.listingContactResolver as unknown as Resolver<Values>));

/**
 * The details page's "contact the owner" form (spec §2, §4, §5): full name, e-mail, an optional phone (issue 25:
 * either digit set) and a message of at least 10 characters, every failing field shown at once; idle → sending
 * (fields disabled, 'Sending...') → success (shown 5 s, form cleared) or error (the server's detail, else the
 * generic failure; what was typed stays). The owner sees the form disabled with 'This is your property listing'.
 */
export function ContactOwnerForm({ listingId, ownerId }: { listingId: number; ownerId: number }) {
  const { t } = useTranslation('contact');
  const { user } = useAuth();
  const isOwner = user != null && user.id === ownerId;
  const send = useListingMessage(listingId);
  const { status, succeed, fail, queued, clear } = useFormStatus(TIMINGS.contactSuccessMs);
  const outbox = useOutboxSend({ kind: 'listing', listingId }, status, succeed, clear);
  const form = useForm<Values>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // A signed-in visitor's name and e-mail are filled in once known, unless they typed something already.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('sender_name')) form.setValue('sender_name', user.full_name ?? '');
    if (!form.getValues('sender_email')) form.setValue('sender_email', user.email ?? '');
  }, [user, form]);
  const { errors } = form.formState;
  const sending = send.isPending;

  /** Kept on the device until the link returns (issue 30): the form empties, the message shows below as waiting. */
  const kept = { reset: () => form.reset(EMPTY), queued, fail };

  const onSubmit = form.handleSubmit(async (values) => {
    if (send.isPending) return; // a second click while sending: the first is the message
    clear();
    const key = outbox.keyFor(values);
    if (outbox.isOffline()) return outbox.keep(key, values, false, kept);
    try {
      await send.mutateAsync({ body: values as ListingContactBody, key }); // trimmed, phone digits read as 0-9 by the schema
      outbox.settle();
      form.reset(EMPTY);
      succeed();
    } catch (error) {
      // The link dropped: the request may or may not have arrived; the same key makes a resend safe.
      if (isNetworkFailure(error)) return outbox.keep(key, values, true, kept, error);
      outbox.settle();
      // The fields keep what was typed; the server's field errors show under their fields, all of them.
      const fields = fieldErrors(error);
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

  return (
    <section className="card shadow-sm contact-owner-card" aria-labelledby={`contact-owner-${listingId}`}>
      <div className="card-body">
        <h2 id={`contact-owner-${listingId}`} className="h5 mb-3">
          <i className="bi bi-chat-dots me-2 text-primary" aria-hidden="true" />
          {t('ownerForm.title')}
        </h2>
        {isOwner && (
          <div className="alert alert-info py-2 small" role="note">
            <i className="bi bi-house-check me-2" aria-hidden="true" />
            {translateApiError(t, MESSAGES.ownListing)}
          </div>
        )}
        <form noValidate onSubmit={onSubmit} onInput={clear} onFocus={resolver.preload}>
          <fieldset disabled={sending || isOwner}>
            <ContactField label={t('ownerForm.fullName')} error={errors.sender_name?.message} required>
              {(p) => <input {...p} {...form.register('sender_name')} type="text" autoComplete="name" maxLength={LIMITS.nameMax * 2} />}
            </ContactField>
            <ContactField label={t('ownerForm.email')} error={errors.sender_email?.message} required>
              {(p) => <input {...p} {...form.register('sender_email')} type="email" autoComplete="email" dir="ltr" maxLength={LIMITS.emailMax} />}
            </ContactField>
            <ContactField label={t('ownerForm.phone')} error={errors.sender_phone?.message} hint={t('ownerForm.phoneHint')}>
              {(p) => <input {...p} {...form.register('sender_phone')} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" maxLength={40} />}
            </ContactField>
            <ContactField label={t('ownerForm.message')} error={errors.message?.message} required>
              {(p) => (
                <textarea
                  {...p}
                  {...form.register('message')}
                  rows={4}
                  maxLength={LIMITS.messageMax}
                  placeholder={t('ownerForm.messagePlaceholder')}
                />
              )}
            </ContactField>
            <SendButton sending={sending} label={t('ownerForm.send')} className="w-100" />
          </fieldset>
        </form>
        <SendStatus status={status} />
        <OutboxList items={outbox.mine} onEdit={edit} />
      </div>
    </section>
  );
}

export default ContactOwnerForm;
