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
import Lightbox, { type GenericSlide, type Slide } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { PhotoPlaceholder, saverVariant } from '../../../components/data-saver/PhotoGate';
import { imageSrc } from '../../../components/listing-card/display';

/** A photo not fetched yet under the data saver: its placeholder instead of an image, so nothing loads ahead. */
interface GateSlide extends GenericSlide {
  type: 'gate';
  index: number;
  media: MediaItem;
}
declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    gate: GateSlide;
  }
}

export interface PhotoLightboxProps {
  media: MediaItem[];
  title: string;
  /** The photo to open at. */
  index: number;
  open: boolean;
  onClose: () => void;
  /** Each photo shown, so the page's carousel shows the last one when the gallery closes. */
  onView: (index: number) => void;
  /**
   * Data saver on (issue 30): only the photos in `revealed` (media ids the visitor tapped, here or on the page) are
   * fetched, each at the variant its placeholder said (the one the page's carousel already loaded); the others,
   * neighbours included, stay placeholders until tapped (`onReveal`).
   */
  saver?: boolean;
  revealed?: ReadonlySet<number>;
  onReveal?: (id: number) => void;
}

/** Under the data saver, the size a revealed photo is fetched at: the carousel's (ImageCarousel), so opening it costs nothing more. */
const SAVER_WIDTH = 960;

/** The WebP variants as srcset candidates, with heights from the photo's own proportions; placeholders under the saver. */
function slides(media: MediaItem[], alt: (n: number) => string, saver: ReadonlySet<number> | null): Slide[] {
  return media.map((m, i): Slide => {
    const ratio = m.width && m.height ? m.height / m.width : 2 / 3;
    if (saver && !saver.has(m.id)) return { type: 'gate', index: i, media: m };
    if (saver) return { src: mediaUrl(saverVariant(m, SAVER_WIDTH)?.url) ?? '', alt: alt(i + 1), width: m.width || undefined, height: m.height || undefined };
    return {
      src: imageSrc(m, 1600) ?? '',
      alt: alt(i + 1),
      width: m.width || undefined,
      height: m.height || undefined,
      srcSet: (m.variants ?? []).map((v) => ({ src: mediaUrl(v.url) ?? v.url, width: v.width, height: Math.round(v.width * ratio) })),
    };
  });
}

export default function PhotoLightbox({ media, title, index, open, onClose, onView, saver = false, revealed, onReveal }: PhotoLightboxProps) {
  const { t } = useTranslation('details');
  const items = useMemo(
    () => slides(media, (n) => t('gallery.photoAlt', { title, n, total: media.length }), saver ? (revealed ?? new Set()) : null),
    [media, title, t, saver, revealed],
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
      render={{
        ...(items.length < 2 ? { buttonPrev: () => null, buttonNext: () => null } : {}),
        slide: ({ slide }) =>
          slide.type === 'gate' ? (
            <div className="details-lightbox-gate" style={{ aspectRatio: slide.media.width && slide.media.height ? `${slide.media.width} / ${slide.media.height}` : '3 / 2' }}>
              <PhotoPlaceholder
                media={slide.media}
                minWidth={SAVER_WIDTH}
                label={t('gallery.show', { n: slide.index + 1, total: media.length })}
                onShow={() => onReveal?.(slide.media.id)}
              />
            </div>
          ) : undefined,
      }}
      close={onClose}
      on={{ view: ({ index: i }) => onView(i) }}
      className="details-lightbox"
    />
  );
}
