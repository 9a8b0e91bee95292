import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, ButtonGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MAP, SANAA_CITY_GOVERNORATE_IDS, type Lang } from '@manzil/shared';
import { useGovernorates } from '../../../api/queries';
import { latestSearch, leavingPage } from '../../../app/navigation';
import { usePageTitle } from '../../../components/usePageTitle';
import { useWideLayout } from '../../../components/useMediaQuery';
import { translateError } from '../../../i18n/translate-api-error';
import { toAppLanguage } from '../../../i18n/config';
import { useMapListing, useMapSearch } from '../api/map-search';
import { BOUNDS_KEYS, parseBounds, polygonBounds, sameBounds, withBounds, type Bounds } from '../lib/geo';
import { AREA_KEYS, buildMapResultsBody, parseMapFilters, polygonFromParams } from '../lib/params';

import { FilterChips } from '../../search/components/FilterChips';
import { withoutChip, withoutFilters } from '../../search/lib/filters';
import { LIST_MAX, MapResultsList } from '../components/MapResultsList';
import { SaveSearchButton } from '../../saved-searches/components/SaveSearchButton';
import '../map.css';

// Leaflet, the cluster plugin and the drawing tool load only here, after the page itself has painted.
const SearchMap = lazy(() => import('../components/SearchMap'));
const DrawAreaModal = lazy(() => import('../components/DrawAreaModal'));

const SANAA_IDS: readonly number[] = SANAA_CITY_GOVERNORATE_IDS;

/** The filters without the map area: the cache key of the filter part, so panning does not re-parse. */
function filterKey(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  for (const k of AREA_KEYS) copy.delete(k);
  copy.sort();
  return copy.toString();
}

export default function SearchMapPage() {
  const { t, i18n } = useTranslation(['map', 'search']);
  const lang: Lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('title'));
  const location = useLocation();
  const [params, setParams] = useSearchParams();

  const fKey = filterKey(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => parseMapFilters(params), [fKey]);
  const polygonRaw = params.get('polygon');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const polygon = useMemo(() => polygonFromParams(params), [polygonRaw]);
  const polygonBox = useMemo(() => (polygon ? polygonBounds(polygon) : null), [polygon]);
  const urlBounds = parseBounds(params);

  /**
   * The box the map last reported (and wrote into the URL). When the URL's box changes to something else,
   * that is a navigation (load with bounds, back/forward): the map fits it. A drawn area is fitted whole when
   * the page opens with it (a saved search, a shared link: its own bounds, if any, are a view of it) or it is
   * drawn anew: it is the search, and the visitor sees all of it.
   */
  const [viewBounds, setViewBounds] = useState<Bounds | null>(null);
  const [viewZoom, setViewZoom] = useState<number | null>(null);
  const written = useRef<Bounds | null>(null);
  const [fit, setFit] = useState(() => ({ bounds: polygonBox ?? urlBounds, version: 0 }));
  const fittedArea = useRef<string | null>(null);
  const urlKey = urlBounds ? `${urlBounds.min_lat},${urlBounds.max_lat},${urlBounds.min_lon},${urlBounds.max_lon}` : '';
  useEffect(() => {
    const newArea = polygonRaw !== fittedArea.current;
    fittedArea.current = polygonRaw;
    if (polygonBox && newArea) setFit((f) => ({ bounds: polygonBox, version: f.version + 1 }));
    else if (urlBounds && !sameBounds(urlBounds, written.current)) setFit((f) => ({ bounds: urlBounds, version: f.version + 1 }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey, polygonRaw]);

  // A link clicked while the map settles (e.g. "View details" right after a popup panned the map) starts a
  // navigation; writing the bounds then would replace it and keep the visitor here.
  const onBoundsChange = useCallback(
    (b: Bounds, zoom: number) => {
      if (leavingPage()) return;
      written.current = b;
      setViewBounds(b);
      setViewZoom(zoom);
      setParams((prev) => withBounds(latestSearch(prev), b), { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  // Where the map opens without bounds in the URL: a chosen governorate's centre, else Sana'a (spec §2).
  const governorates = useGovernorates();
  const governorateId = typeof filters.governorate_id === 'number' ? filters.governorate_id : undefined;
  const needsCentre = !urlBounds && !polygon && governorateId !== undefined && !SANAA_IDS.includes(governorateId);
  const start = useMemo(() => {
    const g = needsCentre ? governorates.data?.find((x) => x.id === governorateId || x.governorate_id === governorateId) : undefined;
    if (g?.latitude != null && g.longitude != null) {
      return { center: [g.latitude, g.longitude] as [number, number], zoom: MAP.zoomByLevel.governorate + 2 };
    }
    return { center: MAP.sanaaCenter, zoom: MAP.searchZoom };
  }, [needsCentre, governorates.data, governorateId]);
  const waitForCentre = needsCentre && governorates.isPending;

  // The server answers pins when the view holds a few hundred listings at most, else clusters (issue 26).
  const area = useMemo(() => (viewBounds && viewZoom !== null ? { bounds: viewBounds, zoom: viewZoom } : null), [viewBounds, viewZoom]);
  const search = useMapSearch(filters, area, polygon);
  const items = search.data?.items ?? [];
  const clusters = search.data?.clusters;
  const clustered = search.data?.mode === 'clusters';
  // Wide screens list the listings in view beside the map; a hovered or focused card highlights its marker (or
  // the cluster holding it). Under clusters, the list asks for the newest listings in view itself. A drawn area
  // is the search (buildMapResultsBody): the count and the list are the whole area's, wherever the map looks,
  // as a saved search of it is; the map's markers stay those of the view.
  const wide = useWideLayout();
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const listing = useMapListing(filters, viewBounds, polygon, LIST_MAX, polygon !== null || (wide && clustered));
  const results = polygon ? listing : search;
  const total = results.data?.total ?? 0;
  const listItems = polygon || clustered ? (listing.data?.items ?? []) : items;
  const highlighted = highlightId === null ? undefined : listItems.find((l) => l.id === highlightId);
  const highlightAt = useMemo(
    () => (highlighted?.property.latitude != null && highlighted.property.longitude != null ? { lat: highlighted.property.latitude, lng: highlighted.property.longitude } : null),
    [highlighted],
  );

  useEffect(() => {
    // Spec §8: map bounds errors are only logged; the page adds a quiet notice with a retry.
    if (search.error) console.error('Map search failed', search.error);
    if (listing.error) console.error('Map results failed', listing.error);
  }, [search.error, listing.error]);

  // ?draw=1 (home hero's "draw a map") opens the drawing modal on load.
  const [drawOpen, setDrawOpen] = useState(params.get('draw') === '1');
  const closeDraw = () => {
    setDrawOpen(false);
    if (params.has('draw')) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('draw');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  const clearArea = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('polygon');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const query = location.search;
  const countText = results.isError && !results.data
    ? ''
    : results.isPending
    ? t('counting')
    : polygon
      ? listing.data?.capped ? t('countAreaMore', { total }) : t('countArea', { count: total })
      : !clustered && items.length < total
        ? t('countCapped', { shown: items.length, count: total })
        : t('count', { count: total });
  const failed = search.isError || (polygon !== null && listing.isError);
  const fetching = search.isFetching || (polygon !== null && listing.isFetching);
  const retry = () => {
    if (search.isError) void search.refetch();
    if (polygon && listing.isError) void listing.refetch();
  };

  return (
    <section className="container page-section map-search-page">
      <div className="map-toolbar">
        <div>
          <h1 className="map-title">{t('title')}</h1>
          <p className="map-count" aria-live="polite" data-testid="map-count">
            {polygon ? t('inDrawnArea') + ' · ' : ''}
            {countText}
          </p>
        </div>
        <div className="map-toolbar-actions">
          <ButtonGroup aria-label={t('views.label')}>
            <Link to={`/search-list${query}`} className="btn btn-outline-brand">
              <i className="bi bi-list-ul me-1" aria-hidden="true" />
              {t('views.list')}
            </Link>
            <Link to={`/search-grid${query}`} className="btn btn-outline-brand">
              <i className="bi bi-grid-3x3-gap me-1" aria-hidden="true" />
              {t('views.grid')}
            </Link>
            <span className="btn btn-brand active" aria-current="page">
              <i className="bi bi-map me-1" aria-hidden="true" />
              {t('views.map')}
            </span>
          </ButtonGroup>
          <Button variant="brand" onClick={() => setDrawOpen(true)}>
            <i className="bi bi-pentagon me-1" aria-hidden="true" />
            {polygon ? t('redrawArea') : t('drawArea')}
          </Button>
          {polygon && (
            <Button variant="outline-secondary" onClick={clearArea}>
              <i className="bi bi-x-lg me-1" aria-hidden="true" />
              {t('clearArea')}
            </Button>
          )}
          {/* Saves what the page counts and lists (issue 27): its filters, and a drawn area alone or else the area in view. */}
          <SaveSearchButton body={() => buildMapResultsBody(filters, viewBounds ?? urlBounds, polygon)} />
        </div>
      </div>

      {/* The same removable chips as the list and grid (a drawn area included); the map's own bounds are the map. */}
      <FilterChips
        params={params}
        withBounds={false}
        onRemove={(chip) => setParams(withoutChip(latestSearch(params), chip), { preventScrollReset: true })}
        onClear={() => setParams(withoutFilters(latestSearch(params), ['sort', ...BOUNDS_KEYS]), { preventScrollReset: true })}
      />

      <div className={wide ? 'map-layout map-layout--with-list' : 'map-layout'}>
        {wide && (
          <MapResultsList
            listings={listItems}
            total={total}
            lang={lang}
            loading={polygon ? !listing.data : !search.data || (clustered && !listing.data)}
            drawnArea={polygon !== null}
            onHighlight={setHighlightId}
          />
        )}
        <div className="map-search-frame">
          {waitForCentre ? (
            <MapPlaceholder />
          ) : (
            <Suspense fallback={<MapPlaceholder />}>
              <SearchMap
                center={start.center}
                zoom={start.zoom}
                fitTo={fit.bounds}
                fitVersion={fit.version}
                polygon={polygon}
                listings={items}
                clusters={clusters}
                lang={lang}
                onBoundsChange={onBoundsChange}
                highlightId={highlightId}
                highlightAt={clustered ? highlightAt : null}
              />
            </Suspense>
          )}
          {search.isFetching && (
            <div className="map-overlay-top">
              <span className="map-loading-pill" role="status" data-testid="map-loading">
                <Spinner animation="border" size="sm" aria-hidden="true" />
                {t('loading')}
              </span>
            </div>
          )}
          {failed && !fetching ? (
            <div className="map-overlay-bottom">
              <Alert variant="light" className="map-notice d-flex align-items-center gap-2 py-2" role="status">
                <i className="bi bi-exclamation-circle text-warning" aria-hidden="true" />
                <span>
                  {t('loadFailed')} <span className="visually-hidden">{translateError(i18n.t, search.error ?? listing.error)}</span>
                </span>
                <Button size="sm" variant="outline-brand" onClick={retry}>
                  {t('retry')}
                </Button>
              </Alert>
            </div>
          ) : results.isSuccess && !fetching && total === 0 ? (
            <div className="map-overlay-bottom">
              <Alert variant="light" className="map-notice py-2" role="status">
                {polygon ? t('emptyArea') : t('empty')}
              </Alert>
            </div>
          ) : null}
        </div>
      </div>

      <ul className="map-legend" aria-label={t('legend')}>
        <li>
          <span className="map-legend-dot" style={{ background: '#dc3545' }} aria-hidden="true" />
          {t('listingTypes.FOR_SALE')}
        </li>
        <li>
          <span className="map-legend-dot" style={{ background: '#0d6efd' }} aria-hidden="true" />
          {t('listingTypes.FOR_RENT')}
        </li>
        <li>
          <span className="map-legend-dot map-legend-dot--mixed" aria-hidden="true" />
          {t('legendMixed')}
        </li>
      </ul>

      {drawOpen && (
        <Suspense fallback={null}>
          <DrawAreaModal
            show={drawOpen}
            onHide={closeDraw}
            targetPath="/search-map"
            baseParams={params}
            initialPolygon={polygon}
            initialBounds={viewBounds ?? urlBounds}
          />
        </Suspense>
      )}
    </section>
  );
}

function MapPlaceholder() {
  const { t } = useTranslation('map');
  return (
    <div className="map-search-placeholder" role="status">
      <span>
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {t('loadingMap')}
      </span>
    </div>
  );
}
