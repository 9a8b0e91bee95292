import { useEffect, useId, useState, type FormEvent } from 'react';
import Modal from '../../../components/Modal';
import { useQueries } from '@tanstack/react-query';
import { useLastWhileClosing } from '../../../components/useLastWhileClosing';
import { useTranslation } from 'react-i18next';
import { MESSAGES, rateZonePatch, type RateChange, type RateZone, type RateZonePatch } from '@manzil/shared';
import { useGovernorates } from '../../../api/queries';
import { usePageTitle } from '../../../components/usePageTitle';
import { toAppLanguage, type AppLanguage } from '../../../i18n/config';
import { translateApiError } from '../../../i18n/translate-api-error';
import { adminErrorMessage, districtsOfQuery, useAdminRates, useRateHistory, useUpdateRateZone, type District } from '../api';
import { AdminGuard } from '../components/AdminGuard';
import { AdminNav } from '../components/AdminNav';
import { PrevNextPager } from '../components/PrevNextPager';
import { QueryStatus } from '../components/QueryStatus';
import { dateTimeOf } from '../components/format';
import '../admin.css';

const HISTORY_PAGE = 20;

type Named = { name_en: string; name_ar: string };
/** A change waiting for the administrator's confirmation: what is sent, and what the dialog says. */
type Pending = { zone: RateZone; patch: RateZonePatch; text: string } | null;

const nameOf = (p: Named | undefined, lang: AppLanguage, fallback = '') => (p ? (lang === 'ar' ? p.name_ar || p.name_en : p.name_en || p.name_ar) : fallback);
const numberOf = (n: number, lang: AppLanguage) => new Intl.NumberFormat(lang === 'ar' ? 'ar-YE-u-nu-latn' : 'en-GB', { maximumFractionDigits: 2 }).format(n);

/** Names of every governorate and district, read from the location lists (each governorate's districts cached a day). */
function usePlaces() {
  const govs = useGovernorates();
  const lists = useQueries({ queries: (govs.data ?? []).map((g) => districtsOfQuery(g.id)) });
  // A few hundred districts: cheaper to gather on each render than to keep in step with 22 queries.
  const governorates = new Map<number, Named>((govs.data ?? []).map((g) => [g.id, g]));
  const districts = new Map<number, District>();
  const byGovernorate = new Map<number, District[]>();
  for (const d of lists.flatMap((q) => q.data ?? [])) {
    districts.set(d.id, d);
    byGovernorate.set(d.governorate_id, [...(byGovernorate.get(d.governorate_id) ?? []), d]);
  }
  return { governorates, districts, byGovernorate, order: (govs.data ?? []).map((g) => g.id) };
}
type Places = ReturnType<typeof usePlaces>;

/** Confirmation before any change: every listing priced in rials in the places concerned gets a new dollar value. */
function ConfirmDialog({ pending, busy, error, onCancel, onConfirm }: { pending: Pending; busy: boolean; error: string | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  // While the dialog fades out it keeps showing the change it was opened for.
  const shown = useLastWhileClosing(pending);
  return (
    <Modal show={pending != null} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('rates.cancel')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t('rates.confirmTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-medium" data-testid="rates-confirm-text">
          {shown?.text}
        </p>
        <p className="text-body-secondary small mb-0">{t('rates.confirmNote')}</p>
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('rates.cancel')}
        </button>
        <button type="button" className="btn btn-brand" disabled={busy} onClick={onConfirm} data-testid="rates-confirm">
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t('rates.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function RateForm({ zone, lang, onSave }: { zone: RateZone; lang: AppLanguage; onSave: (rate: number) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [value, setValue] = useState(String(zone.yer_per_usd));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setValue(String(zone.yer_per_usd)), [zone.yer_per_usd]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rate = Number(value.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace(/[,\s]/g, ''));
    if (!value.trim() || !rateZonePatch.shape.yer_per_usd.safeParse(rate).success) {
      setInvalid(true);
      document.getElementById(`${id}-rate`)?.focus();
      return;
    }
    if (rate !== zone.yer_per_usd) onSave(rate);
  };
  return (
    <form noValidate onSubmit={submit} className="mb-3">
      <label htmlFor={`${id}-rate`} className="form-label fw-semibold">
        {t('rates.rateLabel')}
      </label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div className="input-group rates-input">
          <input
            id={`${id}-rate`}
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            inputMode="decimal"
            dir="ltr"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
            data-testid={`rate-input-${zone.id}`}
            onChange={(e) => {
              setInvalid(false);
              setValue(e.target.value);
            }}
          />
          <span className="input-group-text">{t('rates.perUsd')}</span>
        </div>
        <button type="submit" className="btn btn-brand" data-testid={`rate-save-${zone.id}`}>
          <i className="bi bi-check2 me-1" aria-hidden="true" />
          {t('rates.save')}
        </button>
      </div>
      <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
        {invalid ? translateApiError(t, MESSAGES.rateOutOfRange) : null}
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('rates.rateHint', { rate: numberOf(zone.yer_per_usd, lang) })}
      </div>
    </form>
  );
}

/** Adds a district of a governorate in another zone to this one. */
function AddException({ zone, zones, places, lang, onAdd }: { zone: RateZone; zones: RateZone[]; places: Places; lang: AppLanguage; onAdd: (districtId: number) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [gov, setGov] = useState('');
  const [district, setDistrict] = useState('');
  const elsewhere = places.order.filter((g) => !zone.governorate_ids.includes(g) && zones.some((z) => z.governorate_ids.includes(g)));
  const choices = (places.byGovernorate.get(Number(gov)) ?? []).filter((d) => !zone.district_ids.includes(d.id));
  return (
    <form
      className="row g-2 align-items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (district) onAdd(Number(district));
      }}
    >
      <div className="col-12 col-md-4">
        <label htmlFor={`${id}-gov`} className="form-label small mb-1">
          {t('rates.governorate')}
        </label>
        <select id={`${id}-gov`} className="form-select form-select-sm" value={gov} onChange={(e) => (setGov(e.target.value), setDistrict(''))}>
          <option value="">{t('rates.choose')}</option>
          {elsewhere.map((g) => (
            <option key={g} value={g}>
              {nameOf(places.governorates.get(g), lang)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-12 col-md-4">
        <label htmlFor={`${id}-district`} className="form-label small mb-1">
          {t('rates.district')}
        </label>
        <select id={`${id}-district`} className="form-select form-select-sm" value={district} disabled={!gov} onChange={(e) => setDistrict(e.target.value)}>
          <option value="">{t('rates.choose')}</option>
          {choices.map((d) => (
            <option key={d.id} value={d.id}>
              {nameOf(d, lang)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-12 col-md-4">
        <button type="submit" className="btn btn-sm btn-outline-primary w-100" disabled={!district}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('rates.addToZone')}
        </button>
      </div>
    </form>
  );
}

function ZoneCard({ zone, zones, places, lang, ask }: { zone: RateZone; zones: RateZone[]; places: Places; lang: AppLanguage; ask: (p: NonNullable<Pending>) => void }) {
  const { t } = useTranslation('admin');
  const name = nameOf(zone, lang);
  const others = zones.filter((z) => z.id !== zone.id);
  const zoneOfGovernorate = (g: number) => zones.find((z) => z.governorate_ids.includes(g));
  const districtName = (d: number) => {
    const p = places.districts.get(d);
    return p ? `${nameOf(p, lang)}${lang === 'ar' ? '، ' : ', '}${nameOf(places.governorates.get(p.governorate_id), lang)}` : `#${d}`;
  };
  const titleId = `rate-zone-${zone.id}`;
  return (
    <article className="card shadow-sm mb-4" aria-labelledby={titleId} data-zone-id={zone.id}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id={titleId} className="h5 mb-0">
            {name}
          </h2>
          <span className="badge text-bg-light border fs-6" data-testid={`zone-rate-${zone.id}`}>
            <bdi dir="ltr">{numberOf(zone.yer_per_usd, lang)}</bdi> {t('rates.perUsd')}
          </span>
        </div>
        <RateForm
          zone={zone}
          lang={lang}
          onSave={(rate) =>
            ask({ zone, patch: { yer_per_usd: rate }, text: t('rates.confirmRate', { zone: name, from: numberOf(zone.yer_per_usd, lang), to: numberOf(rate, lang) }) })
          }
        />

        <h3 className="h6 fw-semibold">{t('rates.governorates', { count: zone.governorate_ids.length })}</h3>
        <ul className="list-unstyled rates-places mb-3">
          {zone.governorate_ids.map((g) => {
            const gName = nameOf(places.governorates.get(g), lang, `#${g}`);
            return (
              <li key={g} className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1 border-bottom">
                <span>{gName}</span>
                <span className="d-flex flex-wrap gap-1">
                  {others.map((o) => (
                    <button
                      key={o.id}
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() =>
                        ask({ zone: o, patch: { governorate_ids: [...o.governorate_ids, g] }, text: t('rates.confirmMove', { place: gName, zone: nameOf(o, lang) }) })
                      }
                    >
                      <i className="bi bi-arrow-left-right me-1" aria-hidden="true" />
                      {/* The place first, unseen: a screen reader hears which one; the visible words stay in the name. */}
                      <span className="visually-hidden">{gName}: </span>
                      {t('rates.moveTo', { zone: nameOf(o, lang) })}
                    </button>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>

        <h3 className="h6 fw-semibold">{t('rates.exceptions', { count: zone.district_ids.length })}</h3>
        <p className="small text-body-secondary">{t('rates.exceptionsHint')}</p>
        {zone.district_ids.length === 0 ? (
          <p className="small text-body-secondary">{t('rates.noExceptions')}</p>
        ) : (
          <ul className="list-unstyled rates-places mb-3">
            {zone.district_ids.map((d) => {
              const dName = districtName(d);
              const home = zoneOfGovernorate(places.districts.get(d)?.governorate_id ?? -1);
              return (
                <li key={d} className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1 border-bottom">
                  <span>{dName}</span>
                  {home && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() =>
                        ask({
                          zone,
                          patch: { district_ids: zone.district_ids.filter((x) => x !== d) },
                          text: t('rates.confirmBack', { place: dName, zone: nameOf(home, lang) }),
                        })
                      }
                    >
                      <i className="bi bi-arrow-return-left me-1 flip-rtl" aria-hidden="true" />
                      <span className="visually-hidden">{dName}: </span>
                      {t('rates.backTo', { zone: nameOf(home, lang) })}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <h4 className="h6 small fw-semibold mt-3">{t('rates.addException')}</h4>
        <AddException
          zone={zone}
          zones={zones}
          places={places}
          lang={lang}
          onAdd={(d) => ask({ zone, patch: { district_ids: [...zone.district_ids, d] }, text: t('rates.confirmMove', { place: districtName(d), zone: name }) })}
        />
      </div>
    </article>
  );
}

/** What a history row changed, in words: the rate, then the places that joined or left the zone. */
function changeLines(c: RateChange, places: Places, lang: AppLanguage, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  const lines: string[] = [];
  if (c.before.yer_per_usd !== c.after.yer_per_usd) lines.push(t('rates.rateChanged', { from: numberOf(c.before.yer_per_usd, lang), to: numberOf(c.after.yer_per_usd, lang) }));
  const sep = lang === 'ar' ? '، ' : ', ';
  const gName = (g: number) => nameOf(places.governorates.get(g), lang, `#${g}`);
  const dName = (d: number) => nameOf(places.districts.get(d), lang, `#${d}`);
  const diff = (a: number[], b: number[]) => b.filter((x) => !a.includes(x));
  const joined = [...diff(c.before.governorate_ids, c.after.governorate_ids).map(gName), ...diff(c.before.district_ids, c.after.district_ids).map(dName)];
  const left = [...diff(c.after.governorate_ids, c.before.governorate_ids).map(gName), ...diff(c.after.district_ids, c.before.district_ids).map(dName)];
  if (joined.length) lines.push(t('rates.joined', { places: joined.join(sep) }));
  if (left.length) lines.push(t('rates.left', { places: left.join(sep) }));
  return lines;
}

function History({ places, lang }: { places: Places; lang: AppLanguage }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useRateHistory((page - 1) * HISTORY_PAGE, HISTORY_PAGE);
  const total = query.data?.total ?? 0;
  return (
    <section aria-labelledby="rates-history-title" className="mt-4">
      <h2 id="rates-history-title" className="h5">
        {t('rates.history')}
      </h2>
      <QueryStatus query={query} failed={MESSAGES.serverError} />
      {query.data && query.data.items.length === 0 && <p className="text-body-secondary">{t('rates.historyEmpty')}</p>}
      {query.data && query.data.items.length > 0 && (
        // A list rather than a table: at 390 px a table's five columns squeeze the change into a word a line.
        <ol className="list-unstyled rates-history" data-testid="rates-history">
          {query.data.items.map((c) => (
            <li key={c.id} className="border-bottom py-2">
              <div className="fw-semibold">
                {changeLines(c, places, lang, t).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </div>
              <div className="small text-body-secondary">
                {lang === 'ar' ? c.zone_name_ar : c.zone_name_en}
                {' · '}
                {t('rates.by')} <bdi>{c.admin_name ?? t('listings.unknownAdmin')}</bdi>
                {' · '}
                <bdi>{dateTimeOf(c.created_at, lang)}</bdi>
                {' · '}
                {t('rates.repricedCount', { count: c.repriced, n: numberOf(c.repriced, lang) })}
              </div>
            </li>
          ))}
        </ol>
      )}
      <PrevNextPager page={page} pageSize={HISTORY_PAGE} total={total} onPage={setPage} />
    </section>
  );
}

function Rates() {
  const { t, i18n } = useTranslation('admin');
  const lang = toAppLanguage(i18n.resolvedLanguage);
  usePageTitle(t('rates.title'));
  const query = useAdminRates();
  const places = usePlaces();
  const update = useUpdateRateZone();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = query.data;
  return (
    <section className="container page-section py-4 admin-page">
      <h1 className="page-title mb-3">{t('rates.title')}</h1>
      <AdminNav />
      <p className="text-body-secondary">{t('rates.intro')}</p>
      {data && (
        <p className="small text-body-secondary">
          {t('rates.national', { sar: numberOf(data.national.SAR, lang), fallback: numberOf(data.default_yer_per_usd, lang) })}{' '}
          <span>
            {t('rates.updated')} <bdi>{dateTimeOf(data.updated_at, lang)}</bdi>
          </span>
        </p>
      )}
      {done && (
        <div className="alert alert-success alert-dismissible" role="status" data-testid="rates-done">
          {done}
          <button type="button" className="btn-close" aria-label={t('close')} onClick={() => setDone(null)} />
        </div>
      )}
      <QueryStatus query={query} failed={MESSAGES.ratesFailed} />
      {data && (
        <div className="row">
          {data.zones.map((z) => (
            <div className="col-12 col-xl-6" key={z.id}>
              <ZoneCard
                zone={z}
                zones={data.zones}
                places={places}
                lang={lang}
                ask={(p) => {
                  update.reset();
                  setPending(p);
                }}
              />
            </div>
          ))}
        </div>
      )}
      {data && <History places={places} lang={lang} />}
      <ConfirmDialog
        pending={pending}
        busy={update.isPending}
        error={update.isError ? translateApiError(t, adminErrorMessage(update.error, MESSAGES.serverError)) : null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          update.mutate(
            { id: pending.zone.id, patch: pending.patch },
            {
              onSuccess: (r) => {
                setPending(null);
                setDone(t('rates.saved', { count: r.repriced, n: numberOf(r.repriced, lang) }));
              },
            },
          );
        }}
      />
    </section>
  );
}

/** /admin/rates (issue 29): the rial's rate zones, their places, and every change with who and when. */
export default function AdminRatesPage() {
  return (
    <AdminGuard>
      <Rates />
    </AdminGuard>
  );
}
