import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAILS_PHOTO_SIZES, type MediaItem } from '@manzil/shared';
import { PhotoPlaceholder, saverVariant } from '../../../components/data-saver/PhotoGate';
import { useDataSaver } from '../../../components/data-saver/store';
import { mediaUrl } from '../../../api/client';
import { imageSrc, srcSet } from '../../../components/listing-card/display';
import { stepForKey, wrapIndex } from './carousel-logic';

const SIZES = DETAILS_PHOTO_SIZES;

// The full-screen gallery and its library load when a photo is first opened (or about to be), never with the page.
const loadLightbox = () => import('./PhotoLightbox');
const PhotoLightbox = lazy(loadLightbox);

/**
 * Photo carousel of the details page (spec §2): previous/next that wrap around, a counter "n / N",
 * thumbnails, arrow keys (mirrored in Arabic), swipe on touch screens, WebP srcset, a placeholder
 * without photos. Only the shown photo and its neighbours load eagerly. Tapping the photo opens it full screen
 * (PhotoLightbox); the carousel then shows the last photo seen there.
 */
export function ImageCarousel({ media, title }: { media: MediaItem[]; title: string }) {
  const { t, i18n } = useTranslation('details');
  const dir = i18n.dir(i18n.resolvedLanguage) === 'rtl' ? 'rtl' : 'ltr';
  const [index, setIndex] = useState(0);
  const count = media.length;
  const current = wrapIndex(index, count);
  const thumbs = useRef<HTMLDivElement>(null);
  const touchX = useRef<number | null>(null);
  // null until the gallery is first opened (its chunk is not even asked for before); then kept mounted so it can animate out.
  const [lightbox, setLightbox] = useState<{ open: boolean; index: number } | null>(null);
  // Data saver (issue 30): photos the visitor tapped to show; the others are placeholders and fetch nothing.
  const saver = useDataSaver();
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());

  const shown = useRef(current);
  useEffect(() => {
    // Only when the photo changes: on the first render this would scroll the page itself whenever the
    // thumbnails sit at the bottom edge of the screen.
    if (shown.current === current) return;
    shown.current = current;
    const el = thumbs.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  if (count === 0) {
    return (
      <div className="details-carousel details-carousel--empty" role="img" aria-label={t('gallery.noPhotos')}>
        <i className="bi bi-image" aria-hidden="true" />
        <span>{t('gallery.noPhotos')}</span>
      </div>
    );
  }

  const go = (i: number) => setIndex(wrapIndex(i, count));
  const onKeyDown = (e: KeyboardEvent) => {
    const step = stepForKey(e.key, dir);
    if (step === null || count < 2) return;
    e.preventDefault();
    if (step === 'first') go(0);
    else if (step === 'last') go(count - 1);
    else go(current + step);
  };
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start == null || end == null || Math.abs(end - start) < 40) return;
    // Swiping towards the reading direction's start shows the next photo.
    const forward = dir === 'rtl' ? end > start : end < start;
    go(current + (forward ? 1 : -1));
  };

  return (
    <div className="details-gallery">
      <div
        className="details-carousel"
        role="region"
        aria-roledescription={t('gallery.roleDescription')}
        aria-label={t('gallery.label', { title })}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="carousel"
      >
        {media.map((m, i) => {
          const near = i === current || i === wrapIndex(current + 1, count) || i === wrapIndex(current - 1, count);
          if (saver && !revealed.has(m.id)) return null;
          return (
            <img
              key={m.id}
              className={`details-carousel-img${i === current ? ' is-active' : ''}`}
              src={(saver ? mediaUrl(saverVariant(m, 960)?.url) : imageSrc(m, 960)) ?? undefined}
              srcSet={saver ? undefined : srcSet(m)}
              sizes={saver ? undefined : SIZES}
              alt={t('gallery.photoAlt', { title, n: i + 1, total: count })}
              width={m.width || 1600}
              height={m.height || 1067}
              loading={near ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              aria-hidden={i === current ? undefined : true}
              hidden={!near && i !== current}
            />
          );
        })}
        {saver && !revealed.has(media[current]!.id) ? (
          <PhotoPlaceholder
            media={media[current]}
            minWidth={960}
            label={t('gallery.show', { n: current + 1, total: count })}
            onShow={() => setRevealed((r) => new Set(r).add(media[current]!.id))}
          />
        ) : (
          <button
            type="button"
            className="details-carousel-open"
            onClick={() => setLightbox({ open: true, index: current })}
            // No loading ahead with the data saver on: the gallery's code comes when it is opened.
            onPointerEnter={saver ? undefined : () => void loadLightbox()}
            onFocus={saver ? undefined : () => void loadLightbox()}
            aria-haspopup="dialog"
            aria-label={t('gallery.open', { n: current + 1, total: count })}
            data-testid="carousel-open"
          >
            <span className="details-carousel-open-hint" aria-hidden="true">
              <i className="bi bi-arrows-fullscreen" />
            </span>
          </button>
        )}
        {count > 1 && (
          <>
            <button type="button" className="details-carousel-btn details-carousel-btn--prev" onClick={() => go(current - 1)} aria-label={t('gallery.previous')}>
              <i className="bi bi-chevron-left" aria-hidden="true" />
            </button>
            <button type="button" className="details-carousel-btn details-carousel-btn--next" onClick={() => go(current + 1)} aria-label={t('gallery.next')}>
              <i className="bi bi-chevron-right" aria-hidden="true" />
            </button>
          </>
        )}
        <span className="details-carousel-counter" aria-live="polite" data-testid="carousel-counter">
          <span className="visually-hidden">{t('gallery.photo')} </span>
          <bdi dir="ltr">{`${current + 1} / ${count}`}</bdi>
        </span>
      </div>
      {count > 1 && (
        <div className="details-thumbs" ref={thumbs} role="group" aria-label={t('gallery.thumbnails')}>
          {media.map((m, i) => (
            <button
              key={m.id}
              type="button"
              data-index={i}
              className={`details-thumb${i === current ? ' is-active' : ''}`}
              onClick={() => go(i)}
              aria-label={t('gallery.show', { n: i + 1, total: count })}
              aria-current={i === current ? 'true' : undefined}
            >
              {/* Thumbnails are files of their own: none with the data saver on, the photo's number instead. */}
              {saver ? (
                <span className="details-thumb-saver" aria-hidden="true">
                  {i + 1}
                </span>
              ) : (
                <img src={imageSrc(m, 200) ?? undefined} alt="" width={96} height={64} loading="lazy" decoding="async" />
              )}
            </button>
          ))}
        </div>
      )}
      {lightbox && (
        <Suspense fallback={null}>
          <PhotoLightbox
            media={media}
            title={title}
            index={lightbox.index}
            open={lightbox.open}
            onView={(i) => {
              go(i);
              // The gallery starts again at `index` whenever its slides change (a photo shown under the data saver).
              setLightbox((l) => l && { ...l, index: i });
            }}
            onClose={() => setLightbox((l) => l && { ...l, open: false })}
            saver={saver}
            revealed={revealed}
            onReveal={(id) => setRevealed((r) => new Set(r).add(id))}
          />
        </Suspense>
      )}
    </div>
  );
}
