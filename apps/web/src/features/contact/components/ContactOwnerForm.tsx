import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES, TIMINGS } from '@manzil/shared';
import { useHeldSubmit } from '../../../components/form/heldSubmit';
import { lazyResolver } from '../../../components/form/lazyResolver';
import { translateApiError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { useListingMessage } from '../api';
import { ContactField } from './ContactField';
import { OutboxList } from './OutboxList';
import { SendButton, SendStatus } from './SendControls';
import { useContactForm, type ContactValues } from './useContactForm';
import '../contact.css';

// zod and the schema load on the form's first focus or submit, not with the listing's page.
const resolver = lazyResolver<ContactValues>(() => import('../validation').then((m) => m.listingContactResolver as unknown as Resolver<ContactValues>));

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
  const { form, status, clear, outbox, onSubmit, edit, sending } = useContactForm({
    target: { kind: 'listing', listingId },
    resolver,
    send,
    successMs: TIMINGS.contactSuccessMs,
    signedIn: user,
    serverFieldErrors: true,
  });
  const { errors } = form.formState;
  const held = useHeldSubmit();

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
        <form ref={held} noValidate onSubmit={onSubmit} onInput={clear} onFocus={resolver.preload}>
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
