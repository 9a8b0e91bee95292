import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIMINGS } from '@manzil/shared';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { latestListingsQuery } from '../api';

/** The slider's cards (home.css `.latest-track`): 82% of the row on a phone, two then four to a row on wider screens. */
const SLIDER_SIZES = '(min-width: 1200px) 320px, (min-width: 768px) 45vw, calc(82vw - 20px)';

/**
 * The latest 4 listings (spec §2 "Home page"): first load 100 ms after the page paints, one automatic
 * retry after 1 s, spinner, error with Try Again, empty state linking to /property. A scroll-snap row
 * on phones with previous/next buttons; four columns on desktops.
 */
export function LatestSlider() {
  const { t } = useTranslation('home');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), TIMINGS.homeFirstLoadDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const q = useQuery({ ...latestListingsQuery, enabled: ready, retry: 1, retryDelay: TIMINGS.publicRetryDelayMs });
  // The cards render in the background, in slices, once the answer is in: the query's own update is urgent
  // and would render all of them in one task (on a slow phone, a tap waits for it).
  const data = useDeferredValue(q.data);
  const track = useRef<HTMLDivElement>(null);
  // Which ends of the row are in view: the button towards an end already shown is disabled (aria-disabled, so
  // that it keeps the keyboard's focus).
  const [ends, setEnds] = useState({ start: true, end: false });
  const hasCards = (data?.items.length ?? 0) > 0;
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const update = () => {
      // scrollLeft runs from 0 towards negative values in a right-to-left row.
      const moved = Math.abs(el.scrollLeft);
      const start = moved < 2;
      const end = moved + el.clientWidth >= el.scrollWidth - 2;
      setEnds((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [hasCards]);
  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * el.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <section className="latest container" aria-labelledby="latest-title">
      <div className="latest-head">
        <div>
          <h2 id="latest-title" className="section-title">{t('latestTitle')}</h2>
          <p className="text-body-secondary mb-0">{t('latestText')}</p>
        </div>
        <div className="d-flex gap-2 align-items-center">
          {data && data.items.length > 1 && (
            <span className="latest-arrows d-md-none">
              <button type="button" className={`btn btn-sm btn-outline-secondary${ends.start ? ' disabled' : ''}`} onClick={() => scroll(-1)} aria-label={t('previous')} aria-disabled={ends.start}>
                <i className="bi bi-chevron-left flip-rtl" aria-hidden="true" />
              </button>
              <button type="button" className={`btn btn-sm btn-outline-secondary${ends.end ? ' disabled' : ''}`} onClick={() => scroll(1)} aria-label={t('next')} aria-disabled={ends.end}>
                <i className="bi bi-chevron-right flip-rtl" aria-hidden="true" />
              </button>
            </span>
          )}
          <Link to="/property" className="btn btn-outline-brand btn-sm">{t('viewAll')}</Link>
        </div>
      </div>
      {q.isError ? (
        <div className="alert alert-danger d-flex flex-wrap justify-content-between align-items-center gap-2" role="alert">
          <span><i className="bi bi-exclamation-triangle" aria-hidden="true" /> {t('errors:latestFailed')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void q.refetch()}>{t('common:actions.tryAgain')}</button>
        </div>
      ) : !data ? (
        <div className="latest-state" role="status">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      ) : data.items.length === 0 ? (
        <div className="latest-state">
          <i className="bi bi-house" aria-hidden="true" />
          <p className="mb-2">{t('emptyLatest')}</p>
          <Link to="/property" className="btn btn-brand">{t('viewAllProperties')}</Link>
        </div>
      ) : (
        <div className="latest-track" ref={track} role="list">
          {data.items.map((l, i) => (
            <div className="latest-item" role="listitem" key={l.id}>
              <ListingCard listing={l} eager={i < 2} sizes={SLIDER_SIZES} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
