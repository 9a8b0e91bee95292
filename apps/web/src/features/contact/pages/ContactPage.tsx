import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, platformContactBody } from '@manzil/shared';
import { withWesternDigits } from '../../../components/form/westernDigits';
import { usePageTitle } from '../../../components/usePageTitle';
import { usePlatformMessage } from '../api';
import { ContactField } from '../components/ContactField';
import { ContactIllustration } from '../components/ContactIllustration';
import { OutboxList } from '../components/OutboxList';
import { SendButton, SendStatus } from '../components/SendControls';
import { useContactForm, type ContactValues } from '../components/useContactForm';
import '../contact.css';

// The schema reads phone digits in either set (issue 25).
const resolver = withWesternDigits(zodResolver(platformContactBody) as unknown as Resolver<ContactValues>, ['sender_phone']);

/**
 * /contact (spec §2): image, form (name, e-mail, phone, message) and an info box. Rules of spec §5 in order
 * (name, message, e-mail or phone, e-mail shape) from the shared schema; states of spec §4.
 */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  usePageTitle(t('page.title'));
  const send = usePlatformMessage();
  const { form, status, clear, outbox, onSubmit, edit, sending } = useContactForm({ target: { kind: 'platform' }, resolver, send });
  const { errors } = form.formState;

  return (
    <>
      <section className="contact-hero">
        <div className="container">
          <h1 className="page-title mb-2">{t('page.title')}</h1>
          <p className="lead text-body-secondary mb-0">{t('page.lead')}</p>
        </div>
      </section>
      <section className="container page-section py-4">
        <div className="row g-4">
          <div className="col-lg-7">
            <div className="card shadow-sm">
              <div className="card-body p-4">
                <h2 className="h5 mb-3">{t('page.formTitle')}</h2>
                <form noValidate onSubmit={onSubmit} onInput={clear} className="contact-form">
                  <fieldset disabled={sending}>
                    <ContactField label={t('page.name')} error={errors.sender_name?.message} required icon="person">
                      {(p) => <input {...p} {...form.register('sender_name')} type="text" autoComplete="name" maxLength={LIMITS.nameMax * 2} />}
                    </ContactField>
                    <div className="row">
                      <div className="col-md-6">
                        <ContactField label={t('page.email')} error={errors.sender_email?.message} icon="envelope">
                          {(p) => <input {...p} {...form.register('sender_email')} type="email" autoComplete="email" dir="ltr" maxLength={LIMITS.emailMax} />}
                        </ContactField>
                      </div>
                      <div className="col-md-6">
                        <ContactField label={t('page.phone')} error={errors.sender_phone?.message} icon="telephone">
                          {(p) => <input {...p} {...form.register('sender_phone')} type="tel" autoComplete="tel" dir="ltr" maxLength={40} />}
                        </ContactField>
                      </div>
                    </div>
                    <p className="form-text mt-n2 mb-3">{t('page.emailOrPhoneHint')}</p>
                    <ContactField label={t('page.message')} error={errors.message?.message} required icon="chat-text">
                      {(p) => <textarea {...p} {...form.register('message')} rows={5} maxLength={LIMITS.messageMax} placeholder={t('page.messagePlaceholder')} />}
                    </ContactField>
                    <SendButton sending={sending} label={t('page.send')} className="px-4" />
                  </fieldset>
                </form>
                <SendStatus status={status} />
                <OutboxList items={outbox.mine} onEdit={edit} />
              </div>
            </div>
          </div>
          <div className="col-lg-5">
            <ContactIllustration title={t('page.imageAlt')} />
            <aside className="card border-0 bg-body-tertiary mt-3 contact-info" aria-labelledby="contact-info-title">
              <div className="card-body p-4">
                <h2 id="contact-info-title" className="h5 mb-3">
                  {t('page.infoTitle')}
                </h2>
                <dl className="mb-3">
                  <dt>
                    <i className="bi bi-clock" aria-hidden="true" />
                    {t('page.hours')}
                  </dt>
                  <dd>{t('page.hoursValue')}</dd>
                  <dt>
                    <i className="bi bi-envelope" aria-hidden="true" />
                    {t('page.emailLabel')}
                  </dt>
                  <dd>
                    <a href={`mailto:${t('page.emailAddress')}`} dir="ltr">
                      {t('page.emailAddress')}
                    </a>
                  </dd>
                </dl>
                <p className="small text-body-secondary mb-0">
                  <i className="bi bi-robot me-2" aria-hidden="true" />
                  {t('page.aiNote')}
                </p>
              </div>
            </aside>
          </div>
        </div>
      </section>
    </>
  );
}
