import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Polygon, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { LIMITS, MAP, TIMINGS } from '@manzil/shared';
import L from '../../../components/map/leaflet';
import { MapTileLayer } from '../../../components/map/MapTileLayer';
import { polygonBounds, roundCoord, serializePolygon, withBounds, type Bounds, type LatLngPoint } from '../lib/geo';
import { withoutArea } from '../lib/params';
import { ContainerLabel, FitTo, SizeWatcher } from './MapHelpers';
import '../map.css';

export interface DrawAreaModalProps {
  show: boolean;
  onHide: () => void;
  /** Where "Search in area" goes (the page the modal was opened from); default /search-map. */
  targetPath?: string;
  /** Filters to keep (any previous area is replaced). */
  baseParams?: URLSearchParams;
  /** An area drawn before, shown until cleared. */
  initialPolygon?: LatLngPoint[] | null;
  /** Start on this box (the map the visitor was looking at); else Sana'a at zoom 12. */
  initialBounds?: Bounds | null;
}

type Mode = 'loading' | 'geoman' | 'manual';
type Problem = 'drawFirst' | 'minPoints' | null;

const AREA_STYLE = { color: '#0b5d56', weight: 3, fillColor: '#0b5d56', fillOpacity: 0.15 };

/** Minimal view of leaflet-geoman's map API that we use (it is loaded at run time). */
interface GeomanMap {
  enableDraw(shape: 'Polygon', options?: Record<string, unknown>): void;
  disableDraw(shape?: 'Polygon'): void;
  setLang(lang: string, translations?: Record<string, unknown>, fallback?: string): void;
  setGlobalOptions(options: Record<string, unknown>): void;
}

let geomanLoad: Promise<boolean> | null = null;

/**
 * leaflet-geoman needs the global L (set by components/map/leaflet) and must be loaded before a map is
 * created, since it adds `map.pm` in a map init hook. False when it cannot load (offline chunk, blocked,
 * or too slow): the modal then uses point-click mode.
 */
export function loadGeoman(): Promise<boolean> {
  geomanLoad ??= Promise.race([
    Promise.all([import('@geoman-io/leaflet-geoman-free'), import('@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css')]).then(
      () => Boolean((L as unknown as { PM?: unknown }).PM),
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TIMINGS.watchdogMs)),
  ]).catch((error: unknown) => {
    console.warn('Drawing tool unavailable, using point-click mode', error);
    geomanLoad = null; // try again next time the modal opens
    return false;
  });
  return geomanLoad;
}

const toPoints = (latlngs: L.LatLng[]): LatLngPoint[] => latlngs.map((p) => ({ lat: roundCoord(p.lat), lng: roundCoord(p.lng) }));

/** leaflet-geoman polygon drawing: reports vertices as they are placed and the finished area. */
function GeomanDraw({
  active,
  round,
  onVertices,
  onFinish,
  onFail,
  tooltips,
  cornerLabel,
}: {
  active: boolean;
  /** Changes when "Clear" restarts the drawing. */
  round: number;
  onVertices: (points: LatLngPoint[]) => void;
  onFinish: (points: LatLngPoint[]) => void;
  onFail: (error: unknown) => void;
  tooltips: Record<string, string>;
  /** The accessible name of the n-th corner placed. */
  cornerLabel: (n: number) => string;
}) {
  const map = useMap();
  const handlers = useRef({ onVertices, onFinish, onFail, cornerLabel });
  handlers.current = { onVertices, onFinish, onFail, cornerLabel };

  useEffect(() => {
    if (!active) return;
    const pm = (map as unknown as { pm?: GeomanMap }).pm;
    if (!pm) {
      handlers.current.onFail(new Error('map.pm missing'));
      return;
    }
    let working: L.Polyline | null = null;
    const report = () => handlers.current.onVertices(working ? toPoints(working.getLatLngs() as L.LatLng[]) : []);
    const onDrawStart = (e: L.LeafletEvent & { workingLayer?: L.Polyline }) => {
      corners = 0;
      working = e.workingLayer ?? null;
      working?.on('pm:vertexadded pm:vertexremoved', report);
    };
    const onCreate = (e: L.LeafletEvent & { layer: L.Polygon }) => {
      const ring = e.layer.getLatLngs()[0] as L.LatLng[];
      map.removeLayer(e.layer); // the modal draws the area itself from state
      handlers.current.onFinish(toPoints(ring));
    };
    // Geoman's markers are Leaflet markers, keyboard-focusable buttons with no name (axe aria-command-name): the dot
    // that follows the pointer is decoration, so it leaves the tab order and the accessibility tree; each corner
    // placed is named by its number.
    let corners = 0;
    const onLayerAdd = (e: L.LayerEvent) => {
      const el = e.layer instanceof L.Marker ? e.layer.getElement() : undefined;
      if (!el?.classList.contains('marker-icon')) return;
      if (el.classList.contains('cursor-marker')) {
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
        el.setAttribute('aria-hidden', 'true');
      } else {
        corners += 1;
        el.setAttribute('aria-label', handlers.current.cornerLabel(corners));
      }
    };
    map.on('layeradd', onLayerAdd);
    try {
      pm.setLang('manzil', { tooltips }, 'en');
      pm.setGlobalOptions({ snappable: false, pathOptions: AREA_STYLE, templineStyle: AREA_STYLE, hintlineStyle: { ...AREA_STYLE, dashArray: '5 5' } });
      map.on('pm:drawstart', onDrawStart as L.LeafletEventHandlerFn);
      map.on('pm:create', onCreate as L.LeafletEventHandlerFn);
      pm.enableDraw('Polygon', { allowSelfIntersection: true, tooltips: true, finishOn: null, continueDrawing: false });
    } catch (error) {
      handlers.current.onFail(error);
    }
    return () => {
      map.off('layeradd', onLayerAdd);
      map.off('pm:drawstart', onDrawStart as L.LeafletEventHandlerFn);
      map.off('pm:create', onCreate as L.LeafletEventHandlerFn);
      working?.off('pm:vertexadded pm:vertexremoved', report);
      try {
        pm.disableDraw('Polygon');
      } catch {
        /* map already gone */
      }
    };
  }, [map, active, round, tooltips]);
  return null;
}

/** Fallback drawing: each click on the map adds a corner; the shape is drawn as it grows. */
function PointClickDraw({ onAdd }: { onAdd: (p: LatLngPoint) => void }) {
  useMapEvents({ click: (e) => onAdd({ lat: roundCoord(e.latlng.lat), lng: roundCoord(e.latlng.lng) }) });
  return null;
}

/** Where the map looks, kept when the drawing moves on to the keyboard's corners (a new map). */
interface View {
  center: [number, number];
  zoom: number;
}

/**
 * Drawing without a mouse: with the map focused, the arrow keys move it (Leaflet's own) and Enter or Space puts a
 * corner at its centre, where CSS draws a cross-hair while the map has the keyboard's focus.
 */
function KeyboardCorner({ onAdd }: { onAdd: (p: LatLngPoint, view: View) => void }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== el || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      const c = map.getCenter();
      onAdd({ lat: roundCoord(c.lat), lng: roundCoord(c.lng) }, { center: [c.lat, c.lng], zoom: map.getZoom() });
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [map, onAdd]);
  return null;
}

/** Gives the map the keyboard's focus once, as it mounts (the keyboard's drawing went on to a new map). */
function FocusOnMount({ when }: { when: boolean }) {
  const map = useMap();
  useEffect(() => {
    if (when) map.getContainer().focus();
  }, [map, when]);
  return null;
}

/**
 * Draw-on-map search (spec §2): draw a polygon (leaflet-geoman, or point-click when it is unavailable),
 * clear, cancel, and search in the area, which opens the target page with `polygon` and its bounds.
 * react-bootstrap's Modal traps focus and closes on Escape.
 */
export default function DrawAreaModal({
  show,
  onHide,
  targetPath = '/search-map',
  baseParams,
  initialPolygon = null,
  initialBounds = null,
}: DrawAreaModalProps) {
  const { t } = useTranslation('map');
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('loading');
  const [entered, setEntered] = useState(false);
  /** A finished area (geoman) or the corners placed so far (point-click). */
  const [points, setPoints] = useState<LatLngPoint[]>(initialPolygon ?? []);
  /** Corners of an unfinished geoman drawing. */
  const [pending, setPending] = useState<LatLngPoint[]>([]);
  const [closed, setClosed] = useState(Boolean(initialPolygon?.length));
  const [problem, setProblem] = useState<Problem>(null);
  const [drawRound, setDrawRound] = useState(0);
  /** Set when a keyboard corner moved the drawing from geoman to corners of our own: the new map starts there. */
  const keyboardView = useRef<View | null>(null);

  useEffect(() => {
    if (!show) return;
    setPoints(initialPolygon ?? []);
    setClosed(Boolean(initialPolygon?.length));
    setPending([]);
    setProblem(null);
    keyboardView.current = null;
    let alive = true;
    setMode('loading');
    void loadGeoman().then((ok) => alive && setMode(ok ? 'geoman' : 'manual'));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const fallBack = useCallback((error: unknown) => {
    console.warn('Drawing tool failed, using point-click mode', error);
    setMode('manual');
  }, []);

  const tooltips = useTooltips();

  const clear = () => {
    setPoints([]);
    setPending([]);
    setClosed(false);
    setProblem(null);
    setDrawRound((n) => n + 1); // restarts geoman's draw mode (drops an unfinished shape)
  };

  const addCorner = useCallback((p: LatLngPoint) => {
    setProblem(null);
    setPoints((prev) => (prev.length >= LIMITS.polygonMaxPoints ? prev : [...prev, p]));
  }, []);

  // Geoman draws with a pointer only: a corner from the keyboard carries on in corners of our own, with the
  // corners clicked so far, on a map where the first one left off.
  const keyboardCorner = useCallback(
    (p: LatLngPoint, view: View) => {
      if (mode === 'manual') return addCorner(p);
      keyboardView.current = view;
      setPoints([...pending, p]);
      setPending([]);
      setProblem(null);
      setMode('manual');
    },
    [mode, pending, addCorner],
  );

  const undo = () => {
    setPoints((p) => p.slice(0, -1));
    setProblem(null);
  };

  const search = () => {
    const area = mode === 'geoman' && !closed ? pending : points;
    if (area.length === 0) return setProblem('drawFirst');
    if (area.length < LIMITS.polygonMinPoints) return setProblem('minPoints');
    const capped = area.slice(0, LIMITS.polygonMaxPoints);
    let params = withoutArea(baseParams ?? new URLSearchParams());
    params.set('polygon', serializePolygon(capped));
    params = withBounds(params, polygonBounds(capped));
    onHide();
    navigate(`${targetPath}?${params.toString()}`);
  };

  const startBounds = initialPolygon?.length ? polygonBounds(initialPolygon) : initialBounds;
  const shown = mode === 'geoman' && !closed ? pending : points;
  const shapeDone = closed || (mode === 'manual' && points.length >= LIMITS.polygonMinPoints);

  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => setEntered(true)}
      onExited={() => setEntered(false)}
      size="lg"
      centered
      fullscreen="sm-down"
      aria-labelledby="draw-area-title"
      className="draw-area-modal"
    >
      <Modal.Header closeButton closeLabel={t('draw.cancel')}>
        <Modal.Title id="draw-area-title">{t('draw.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="draw-hint" id="draw-area-hint">
          {mode === 'manual' ? t('draw.hintManual') : closed ? t('draw.hintDone') : t('draw.hintGeoman')}
          {!closed && <span className="d-block small text-body-secondary">{t('draw.hintKeys')}</span>}
        </p>
        {problem && (
          <Alert variant="warning" className="py-2" role="alert" onClose={() => setProblem(null)} dismissible>
            {t(`draw.${problem}`)}
          </Alert>
        )}
        {entered && mode !== 'loading' ? (
          <MapContainer
            key={mode}
            center={keyboardView.current?.center ?? MAP.sanaaCenter}
            zoom={keyboardView.current?.zoom ?? MAP.searchZoom}
            minZoom={4}
            maxZoom={19}
            className={`draw-map${mode === 'manual' ? ' is-manual' : ''}`}
            doubleClickZoom={mode !== 'manual'}
          >
            <MapTileLayer />
            <ContainerLabel label={t('draw.mapLabel')} />
            <SizeWatcher />
            <FitTo bounds={keyboardView.current ? null : (startBounds ?? null)} />
            <FocusOnMount when={keyboardView.current != null} />
            {!closed && <KeyboardCorner onAdd={keyboardCorner} />}
            {mode === 'geoman' && (
              <GeomanDraw
                active={!closed}
                round={drawRound}
                tooltips={tooltips}
                cornerLabel={(n) => t('draw.corner', { n })}
                onVertices={setPending}
                onFinish={(done) => {
                  setPoints(done);
                  setPending([]);
                  setClosed(true);
                  setProblem(null);
                }}
                onFail={fallBack}
              />
            )}
            {mode === 'manual' && (
              <PointClickDraw onAdd={addCorner} />
            )}
            {(closed || mode === 'manual') && shown.length >= 3 && (
              <Polygon positions={shown.map((p) => [p.lat, p.lng] as [number, number])} pathOptions={AREA_STYLE} interactive={false} />
            )}
            {mode === 'manual' && shown.length === 2 && (
              <Polyline positions={shown.map((p) => [p.lat, p.lng] as [number, number])} pathOptions={AREA_STYLE} interactive={false} />
            )}
            {mode === 'manual' &&
              shown.map((p, i) => (
                <CircleMarker key={i} center={[p.lat, p.lng]} radius={5} pathOptions={{ color: '#0b5d56', fillColor: '#fff', fillOpacity: 1, weight: 2 }} interactive={false} />
              ))}
          </MapContainer>
        ) : (
          <div className="draw-map-placeholder" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            <span>{t('draw.loading')}</span>
          </div>
        )}
        <p className="small text-body-secondary mt-2 mb-0" aria-live="polite" data-testid="draw-point-count">
          {t('draw.points', { count: shown.length })}
          {shapeDone ? ` · ${t('draw.ready')}` : ''}
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={clear} disabled={shown.length === 0 && !closed}>
            <i className="bi bi-eraser me-1" aria-hidden="true" />
            {t('draw.clear')}
          </Button>
          {mode === 'manual' && (
            <Button variant="outline-secondary" onClick={undo} disabled={points.length === 0}>
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              {t('draw.undo')}
            </Button>
          )}
        </div>
        <div className="d-flex gap-2">
          <Button variant="light" onClick={onHide}>
            {t('draw.cancel')}
          </Button>
          <Button variant="brand" onClick={search} disabled={mode === 'loading'}>
            <i className="bi bi-search me-1" aria-hidden="true" />
            {t('draw.search')}
          </Button>
        </div>
      </Modal.Footer>
    </Modal>
  );
}

/** Geoman's drawing tooltips in the page language (it ships no Arabic). */
function useTooltips(): Record<string, string> {
  const { t, i18n } = useTranslation('map');
  const lang = i18n.resolvedLanguage;
  return useMemo(
    () => ({ firstVertex: t('draw.tipFirst'), continueLine: t('draw.tipContinue'), finishPoly: t('draw.tipFinish') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );
}
