import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang, ListingRead } from '@manzil/shared';
import { listingUrl } from '../../../components/contact/reach';
import { listingTitle } from '../../../components/listing-card/display';

type Target = { id: string; icon: string; href: (url: string, text: string) => string };

/** Where a link is shared in Yemen, each through its own share address (the page's OG tags make the preview). */
const TARGETS: Target[] = [
  { id: 'whatsapp', icon: 'whatsapp', href: (url, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
  { id: 'telegram', icon: 'telegram', href: (url, text) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}` },
  { id: 'facebook', icon: 'facebook', href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  { id: 'x', icon: 'twitter-x', href: (url, text) => `https://x.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}` },
];

/**
 * Share a listing (issue 28): the device's own share sheet where it has one (Web Share API: phones), otherwise a
 * menu of copy link, WhatsApp, Telegram, Facebook and X, all with the listing's canonical address. The menu is a
 * menu button: arrows move, Escape closes and gives focus back, a click outside closes.
 */
export function ShareButton({ listing, lang }: { listing: ListingRead; lang: Lang }) {
  const { t } = useTranslation('details');
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const title = listingTitle(listing, lang);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  // "Link copied" says so for a few seconds.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 4000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const share = async () => {
    const url = listingUrl(listing.id, lang);
    const data = { title, text: title, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        // The visitor closed the sheet: nothing to do. Any other refusal falls back to the menu.
        if ((err as DOMException)?.name === 'AbortError') return;
      }
    }
    setCopied(null);
    setOpen((o) => !o);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(listingUrl(listing.id, lang));
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
    close(true);
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'Escape') close(true);
    else if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  const url = typeof window === 'undefined' ? '' : listingUrl(listing.id, lang);
  return (
    <div className="details-share">
      <button
        ref={button}
        type="button"
        className="btn btn-outline-secondary details-share-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'details-share-menu' : undefined}
        onClick={() => void share()}
        data-testid="share-button"
      >
        <i className="bi bi-share me-1" aria-hidden="true" />
        {t('share.button')}
      </button>
      {open && (
        <div ref={menu} id="details-share-menu" className="details-share-menu" role="menu" aria-label={t('share.menu')} onKeyDown={onMenuKey}>
          <button type="button" role="menuitem" className="details-share-item" onClick={() => void copy()}>
            <i className="bi bi-link-45deg" aria-hidden="true" />
            {t('share.copy')}
          </button>
          {TARGETS.map((s) => (
            <a
              key={s.id}
              role="menuitem"
              className="details-share-item"
              href={s.href(url, title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => close(false)}
              data-share={s.id}
            >
              <i className={`bi bi-${s.icon}`} aria-hidden="true" />
              {t(`share.${s.id}`)}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          ))}
        </div>
      )}
      <span className={`details-share-copied small ${copied === 'failed' ? 'text-danger' : 'text-success'}`} role="status" data-testid="share-status">
        {copied === 'ok' && <i className="bi bi-check2 me-1" aria-hidden="true" />}
        {copied === 'ok' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''}
      </span>
    </div>
  );
}
