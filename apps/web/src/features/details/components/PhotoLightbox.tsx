/**
 * The listing's photos full screen: swipe, pinch and double-tap zoom, arrow keys and Escape, a counter.
 *
 * yet-another-react-lightbox (MIT, kept up): a React component, so no second DOM to keep in step. It is a modal
 * dialog that makes the rest of the page inert (focus stays inside) and gives focus back on close, mirrors keys
 * and swipes in a right-to-left document, picks the srcset variant that fits the screen, and every label is ours
 * to translate. About 24 KB gzip with its zoom plugin and CSS, and only ever loaded by this chunk, which the
 * carousel imports when a photo is first opened. PhotoSwipe 5 (similar size) was the other candidate: it has no
 * right-to-left mode (its issue #1575 is open), so Arabic visitors would swipe backwards.
 */
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { mediaSrc } from '../../map/lib/display';

export interface PhotoLightboxProps {
  media: MediaItem[];
  title: string;
  /** The photo to open at. */
  index: number;
  open: boolean;
  onClose: () => void;
  /** Each photo shown, so the page's carousel shows the last one when the gallery closes. */
  onView: (index: number) => void;
}

/** The WebP variants as srcset candidates, with heights from the photo's own proportions. */
function slides(media: MediaItem[], alt: (n: number) => string): SlideImage[] {
  return media.map((m, i) => {
    const ratio = m.width && m.height ? m.height / m.width : 2 / 3;
    return {
      src: mediaSrc(m, 1600) ?? '',
      alt: alt(i + 1),
      width: m.width || undefined,
      height: m.height || undefined,
      srcSet: (m.variants ?? []).map((v) => ({ src: mediaUrl(v.url) ?? v.url, width: v.width, height: Math.round(v.width * ratio) })),
    };
  });
}

export default function PhotoLightbox({ media, title, index, open, onClose, onView }: PhotoLightboxProps) {
  const { t } = useTranslation('details');
  const items = useMemo(
    () => slides(media, (n) => t('gallery.photoAlt', { title, n, total: media.length })),
    [media, title, t],
  );
  // The library's own words, in the visitor's language ("{index} of {total}" names each slide for screen readers).
  const labels = useMemo(
    () => ({
      Lightbox: t('lightbox.label', { title }),
      'Photo gallery': t('gallery.label', { title }),
      Carousel: t('gallery.roleDescription'),
      Slide: t('lightbox.slide'),
      '{index} of {total}': t('lightbox.slideOf'),
      Previous: t('gallery.previous'),
      Next: t('gallery.next'),
      Close: t('lightbox.close'),
      'Zoom in': t('lightbox.zoomIn'),
      'Zoom out': t('lightbox.zoomOut'),
    }),
    [t, title],
  );
  return (
    <Lightbox
      open={open}
      index={index}
      slides={items}
      labels={labels}
      plugins={[Zoom, Counter]}
      carousel={{ finite: items.length < 2, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      counter={{ container: { className: 'details-lightbox-counter' } }}
      render={items.length < 2 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      close={onClose}
      on={{ view: ({ index: i }) => onView(i) }}
      className="details-lightbox"
    />
  );
}
