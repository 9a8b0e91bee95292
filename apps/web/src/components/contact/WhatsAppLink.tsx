import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingRead } from '@manzil/shared';
import { listingTitle } from '../listing-card/display';
import { countClick, listingUrl, whatsappHref } from './reach';

/**
 * A WhatsApp chat with a listing's owner (issue 28). The first message, in the visitor's language, names the
 * listing and its address; it is written into the link as soon as a pointer, the focus or a long press reaches it
 * (so "open in new tab" and "copy link" carry it too), since the page's address is known only in the browser (the
 * server's HTML, the same before and after hydration, links the bare chat). Each click is counted.
 */
export function WhatsAppLink({ listing, digits, className, label, children }: { listing: ListingRead; digits: string; className?: string; label?: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('listings');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const withText = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = whatsappHref(digits, t('whatsappText', { title: listingTitle(listing, lang), url: listingUrl(listing.id, lang) }));
  };
  return (
    <a
      className={className}
      href={`https://wa.me/${digits}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-testid="whatsapp-link"
      onPointerDown={withText}
      onFocus={withText}
      onContextMenu={withText}
      onClick={(e) => {
        withText(e);
        countClick(listing.id, 'whatsapp');
      }}
    >
      {children}
    </a>
  );
}
