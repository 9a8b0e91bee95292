import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateApiError, translateError } from '../../../i18n/translate-api-error';
import { createSavedSearch, DEFAULT_FREQUENCY, FREQUENCIES, NAME_MAX, type SavedSearchFrequency } from '../api';
import { savedFiltersFromBody } from '../lib/filters';
import { proposeName } from '../lib/name';
import { FilterSummary, useFilterChips } from './FilterSummary';
import '../saved-searches.css';

/** The English text of MESSAGES.savedSearchNameRequired, translated through errors.json like the server's. */
const NAME_REQUIRED = 'Give this search a name';

/**
 * The save dialog (issue 27): a name proposed from the filters (the visitor may change it), how often to be
 * e-mailed (daily unless chosen), Save. react-bootstrap's Modal labels it, keeps focus inside and closes on
 * Escape. After saving it says so, with a link to the saved searches; errors (50 already, a refused name) show
 * in it, in the visitor's language.
 */
export default function SaveSearchDialog({ body, onClose }: { body: Record<string, unknown>; onClose: () => void }) {
  const { t } = useTranslation('savedSearches');
  const queryClient = useQueryClient();
  const filters = useMemo(() => savedFiltersFromBody(body), [body]);
  const { chips, ready } = useFilterChips(filters);
  const [name, setName] = useState('');
  const edited = useRef(false);
  const proposal = ready ? proposeName(chips, t) : '';
  // The proposal waits for the place names; once the visitor types, it is theirs.
  useEffect(() => {
    if (!edited.current && proposal) setName(proposal);
  }, [proposal]);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>(DEFAULT_FREQUENCY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const successLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (saved) successLink.current?.focus();
  }, [saved]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(translateApiError(t, NAME_REQUIRED));
    setBusy(true);
    setError(null);
    try {
      await createSavedSearch({ name: trimmed, filters, frequency });
      await queryClient.invalidateQueries({ queryKey: ['saved-searches'] });
      setSaved(true);
    } catch (err) {
      // 409: the limit of 50; 422: what the server refused, both in the visitor's language via errors.json.
      setError(translateError(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={busy ? undefined : onClose} centered aria-labelledby={`${id}-title`} data-testid="save-search-dialog">
      <Modal.Header closeButton={!busy} closeLabel={t('dialog.close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('dialog.title')}
        </Modal.Title>
      </Modal.Header>
      {saved ? (
        <>
          <Modal.Body>
            <p className="alert alert-success d-flex align-items-center gap-2 mb-0" role="status" data-testid="save-search-success">
              <i className="bi bi-check-circle-fill" aria-hidden="true" />
              <span>
                {t('dialog.success')} —{' '}
                <Link ref={successLink} to="/saved-searches" onClick={onClose} className="alert-link">
                  {t('dialog.successLink')}
                </Link>
              </span>
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-brand" onClick={onClose}>
              {t('dialog.close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Modal.Body>
            <div className="mb-3">
              <label className="form-label fw-semibold" htmlFor={`${id}-name`}>
                {t('dialog.nameLabel')}
              </label>
              <input
                id={`${id}-name`}
                className={`form-control${error && !name.trim() ? ' is-invalid' : ''}`}
                value={name}
                maxLength={NAME_MAX}
                required
                autoFocus
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  edited.current = true;
                  setName(e.target.value);
                }}
                data-testid="save-search-name"
              />
            </div>
            <fieldset className="mb-3">
              <legend className="form-label fw-semibold fs-6">{t('frequency.label')}</legend>
              {FREQUENCIES.map((f) => (
                <div className="form-check" key={f}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${id}-frequency`}
                    id={`${id}-${f}`}
                    value={f}
                    checked={frequency === f}
                    onChange={() => setFrequency(f)}
                    aria-describedby={`${id}-${f}-hint`}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${f}`}>
                    {t(`frequency.${f}`)}
                  </label>
                  <div className="form-text mt-0" id={`${id}-${f}-hint`}>
                    {t(`frequencyHint.${f}`)}
                  </div>
                </div>
              ))}
            </fieldset>
            <h3 className="form-label fw-semibold fs-6 mb-1">{t('dialog.filters')}</h3>
            <FilterSummary filters={filters} label={t('dialog.filters')} />
            {error && (
              <div className="alert alert-danger mt-3 mb-0" role="alert" id={`${id}-error`} data-testid="save-search-error">
                {error}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
              {t('dialog.cancel')}
            </button>
            <button type="submit" className="btn btn-brand" disabled={busy} data-testid="save-search-submit">
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('dialog.submit')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
