import type { ClickChannel, Lang, ListingRead } from '@manzil/shared';
import { API_BASE } from '../../api/client';

/** The owner's ways a visitor may use (issue 28): each shown only when chosen and possible. */
export interface OwnerReach {
  /** The phone to call, or null (not chosen, or no phone). */
  call: string | null;
  /** WhatsApp's international digits, or null (not chosen, or no number). */
  whatsapp: string | null;
  /** Messages through the contact form. */
  form: boolean;
}

export function ownerReach(l: Pick<ListingRead, 'owner' | 'property'>): OwnerReach {
  const o = l.owner ?? l.property?.owner;
  // An answer without the owner's choice (an older cached page) offers every way, as before the choice existed.
  const methods = o?.contact_methods ?? ['call', 'whatsapp', 'email'];
  const phone = o?.phone_number || o?.phone || null;
  return {
    call: methods.includes('call') ? phone : null,
    whatsapp: methods.includes('whatsapp') ? (o?.whatsapp_number ?? null) : null,
    form: methods.includes('email'),
  };
}

/** The listing's address to share or to name in a message: its canonical URL (as the server writes it). */
export function listingUrl(id: number, lang: Lang): string {
  return `${window.location.origin}/property-details/${id}${lang === 'en' ? '?lang=en' : ''}`;
}

/** A WhatsApp chat with the owner, the visitor's first message written for them. */
export const whatsappHref = (digits: string, text: string) => `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;

/**
 * Counts a click on Call or WhatsApp for the owner's statistics. A beacon: it is sent even as the page gives way
 * to the dialer or WhatsApp, and its answer is not waited for (a lost count is not the visitor's problem).
 */
export function countClick(listingId: number, channel: ClickChannel): void {
  const url = `${API_BASE}/listings/${listingId}/contact-clicks`;
  const body = new Blob([JSON.stringify({ channel })], { type: 'application/json' });
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Some browsers refuse a JSON beacon; fall through to fetch.
  }
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
}
