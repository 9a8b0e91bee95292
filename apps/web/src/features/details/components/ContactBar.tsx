import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telUrl, type ListingRead } from '@manzil/shared';
import { countClick } from '../../../components/contact/reach';
import { WhatsAppLink } from '../../../components/contact/WhatsAppLink';

/** A listing that is sold or rented takes no more calls: the reason shown beside a disabled Call. */
export function callClosedReason(availability: ListingRead['availability']): 'sold' | 'rented' | null {
  return availability === 'sold' || availability === 'rented' ? availability : null;
}

/**
 * The owner's ways to be reached, fixed to the bottom of a listing's page on phones (< 768 px; CSS hides it
 * wider, where the contact card sits beside the photos): Call (a tel: link, disabled with its reason once the
 * listing is sold or rented), WhatsApp (issue 28) and Message (scrolls to the contact form and focuses its first
 * field), each when the owner chose it.
 *
 * It never covers anything: it gets out of the way while the contact form or the footer is on screen (the
 * form is the page's last content on a phone), and the page is padded by its height (`--contact-bar-height`,
 * measured here) plus the iOS home-indicator area it stands on. Rendered only in the browser, for visitors
 * who are not the listing's owner (the owner's phone is never written into the server's HTML).
 */
export function ContactBar({
  listing,
  phone,
  whatsapp,
  availability,
  formId,
}: {
  listing: ListingRead;
  phone: string | null;
  whatsapp: string | null;
  availability: ListingRead['availability'];
  /** The contact form's id, or null when the owner takes no messages. */
  formId: string | null;
}) {
  const { t } = useTranslation('details');
  const bar = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);
  const closed = callClosedReason(availability);

  // Out of the way while the contact form or the footer shows.
  useEffect(() => {
    const targets = [formId ? document.getElementById(formId) : null, document.querySelector('.site-footer')].filter((e): e is Element => e !== null);
    const onScreen = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) onScreen.add(e.target);
        else onScreen.delete(e.target);
      }
      setHidden(onScreen.size > 0);
    });
    targets.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [formId]);

  // The page's bottom padding follows the bar's height (one line more with a reason under Call).
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--contact-bar-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--contact-bar-height');
    };
  }, []);

  // What else sticks to the bottom (the verify-your-e-mail banner) stands on the bar while it shows.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--contact-bar-shown', hidden ? '0px' : 'var(--contact-bar-height, 0px)');
    return () => {
      root.style.removeProperty('--contact-bar-shown');
    };
  }, [hidden]);

  const message = () => {
    const form = formId ? document.getElementById(formId) : null;
    if (!form) return;
    form.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    const field = form.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])');
    (field ?? form).focus({ preventScroll: true });
  };

  return (
    <div ref={bar} className={`details-contact-bar${hidden ? ' is-hidden' : ''}`} role="region" aria-label={t('contactBar.label')} data-testid="contact-bar">
      <div className="details-contact-bar-actions">
        {phone &&
          (closed ? (
            <button type="button" className="btn btn-outline-secondary" disabled aria-describedby="contact-bar-closed">
              <i className="bi bi-telephone-x me-1" aria-hidden="true" />
              {t('contactBar.call')}
            </button>
          ) : (
            <a className="btn btn-brand" href={telUrl(phone) ?? undefined} onClick={() => countClick(listing.id, 'call')}>
              <i className="bi bi-telephone me-1" aria-hidden="true" />
              {t('contactBar.call')}
            </a>
          ))}
        {whatsapp && (
          <WhatsAppLink listing={listing} digits={whatsapp} className="btn btn-whatsapp">
            <i className="bi bi-whatsapp me-1" aria-hidden="true" />
            {t('contactBar.whatsapp')}
          </WhatsAppLink>
        )}
        {formId && (
          <button type="button" className="btn btn-outline-brand" onClick={message} aria-controls={formId}>
            <i className="bi bi-chat-dots me-1" aria-hidden="true" />
            {t('contactBar.message')}
          </button>
        )}
      </div>
      {phone && closed && (
        <p id="contact-bar-closed" className="details-contact-bar-note">
          {t(`contactBar.callClosed.${closed}`)}
        </p>
      )}
    </div>
  );
}
