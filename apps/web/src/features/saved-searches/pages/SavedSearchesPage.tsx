import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';
import { translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { SavedOnDevice } from '../../../app/offline/NotSaved';
import { sessionKey, useLastSeen } from '../../../app/offline/snapshot';
import { deleteSavedSearch, FREQUENCIES, NAME_MAX, SAVED_MAX, patchSavedSearch, savedSearchesKey, savedSearchesQuery, type SavedSearchFrequency, type SavedSearchRead } from '../api';
import { FilterSummary } from '../components/FilterSummary';
import { searchUrl } from '../lib/filters';
import { isolate } from '../lib/name';
import '../saved-searches.css';

type Status = { kind: 'saving' | 'done' | 'error'; text: string } | null;

/**
 * /saved-searches (issue 27): the signed-in user's saved searches, newest first, each with its filters, how
 * many new homes matched since it was last opened, how often it e-mails (changed at once), rename, delete
 * (after a confirmation) and Open, which goes to the search and starts its "new" count again.
 */
export default function SavedSearchesPage() {
  const { t } = useTranslation('savedSearches');
  const { token, isLoading, openLogin } = useAuth();
  usePageTitle(t('title'));
  return (
    <section className="container page-section saved-searches-page" style={{ maxWidth: '56rem' }}>
      <h1 className="page-title mb-1" tabIndex={-1} id="saved-searches-title">
        {t('title')}
      </h1>
      <p className="text-body-secondary">{t('intro')}</p>
      {isLoading ? (
        <Loading />
      ) : token ? (
        <SavedList token={token} />
      ) : (
        <div className="text-center py-5" data-testid="saved-searches-signed-out">
          <i className="bi bi-person-lock saved-empty-icon" aria-hidden="true" />
          <p className="lead mt-3">{t('signedOut.text')}</p>
          <button type="button" className="btn btn-brand" onClick={() => openLogin('login', { intro: 'saveSearch' })}>
            {t('signedOut.button')}
          </button>
        </div>
      )}
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('savedSearches');
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status" data-testid="saved-searches-loading">
      <span className="spinner-border text-brand" aria-hidden="true" />
      <span className="text-body-secondary">{t('loading')}</span>
    </div>
  );
}

function SavedList({ token }: { token: string }) {
  const { t } = useTranslation('savedSearches');
  const query = useQuery({ ...savedSearchesQuery(token), refetchOnMount: 'always' });
  // What happened to a search no longer on the page (deleted), said where screen readers hear it.
  const [notice, setNotice] = useState('');
  // Offline: the list as last seen on this device, with when (issue 30); read only, nothing to change offline.
  const lastSeen = useLastSeen('saved-searches', sessionKey(token), query.data, query.error);
  const { t: tc } = useTranslation('common');
  if (query.isPending) return <Loading />;
  if (lastSeen === null) return <p className="alert alert-secondary" data-testid="offline-list-not-saved">{tc('offline.notSavedList')}</p>;
  if (lastSeen) return <LastSeenList items={lastSeen.data.items} savedAt={lastSeen.savedAt} />;
  if (query.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-testid="saved-searches-error">
        <span className="flex-grow-1">
          {t('error')}: {translateError(t, query.error)}
        </span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  const items = query.data.items;
  return (
    <>
      <p className="saved-status" role="status" data-testid="saved-searches-notice">
        {notice}
      </p>
      {items.length === 0 ? (
        <EmptyState ns="savedSearches" icon="bi-bell-slash" testId="saved-searches-empty" />
      ) : (
        <>
          <p className="small text-body-secondary mb-2">{t('used', { count: items.length, max: SAVED_MAX })}</p>
          <ul className="saved-list" data-testid="saved-searches-list">
            {items.map((s) => (
              <SavedItem key={s.id} token={token} item={s} onDeleted={(name) => setNotice(t('feedback.deleted', { name: isolate(name) }))} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The saved searches as last seen, offline: their names and filters, and Open (the search may be kept too). */
function LastSeenList({ items, savedAt }: { items: SavedSearchRead[]; savedAt: number }) {
  const { t } = useTranslation('savedSearches');
  return (
    <>
      <SavedOnDevice savedAt={savedAt} />
      {items.length === 0 ? (
        <EmptyState ns="savedSearches" icon="bi-bell-slash" testId="saved-searches-empty" />
      ) : (
        <ul className="saved-list" data-testid="saved-searches-list">
          {items.map((s) => (
            <li key={s.id} className="saved-item" data-testid={`saved-search-${s.id}`}>
              <h2 className="saved-item-name">{s.name}</h2>
              <FilterSummary filters={s.filters} label={t('filtersLabel', { name: s.name })} />
              <Link to={searchUrl(s.filters)} className="btn btn-sm btn-outline-brand mt-2">
                {t('open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SavedItem({ token, item, onDeleted }: { token: string; item: SavedSearchRead; onDeleted: (name: string) => void }) {
  const { t } = useTranslation('savedSearches');
  const queryClient = useQueryClient();
  const id = useId();
  const key = savedSearchesKey(token);
  const [status, setStatus] = useState<Status>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.name);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [choosing, setChoosing] = useState<SavedSearchFrequency | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing) nameInput.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const replace = (next: SavedSearchRead) =>
    queryClient.setQueryData(key, (old: { items: SavedSearchRead[]; total: number } | undefined) => old && { ...old, items: old.items.map((s) => (s.id === next.id ? next : s)) });

  const save = async (patch: { name?: string; frequency?: SavedSearchFrequency }, done: (s: SavedSearchRead) => string) => {
    setStatus({ kind: 'saving', text: t('feedback.saving') });
    try {
      const next = await patchSavedSearch(item.id, patch);
      replace(next);
      setStatus({ kind: 'done', text: done(next) });
      return true;
    } catch (err) {
      setStatus({ kind: 'error', text: t('feedback.failed', { error: translateError(t, err) }) });
      return false;
    }
  };

  const finishRename = async () => {
    const name = draft.trim();
    if (!name || name === item.name) {
      cancelRename();
      return;
    }
    if (await save({ name }, (s) => t('feedback.renamed', { name: isolate(s.name) }))) {
      returnFocus.current = true;
      setEditing(false);
    }
  };
  const cancelRename = () => {
    returnFocus.current = true;
    setDraft(item.name);
    setEditing(false);
  };
  const onRenameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void finishRename();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancelRename();
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteSavedSearch(item.id);
      setConfirming(false);
      onDeleted(item.name);
      queryClient.setQueryData(key, (old: { items: SavedSearchRead[]; total: number } | undefined) => old && { items: old.items.filter((s) => s.id !== item.id), total: old.total - 1 });
      document.getElementById('saved-searches-title')?.focus();
    } catch (err) {
      setConfirming(false);
      setStatus({ kind: 'error', text: translateError(t, err) });
    } finally {
      setDeleting(false);
    }
  };

  // Opening starts the "new" count again; the search page does not wait for it.
  const markSeen = () => {
    patchSavedSearch(item.id, { seen: true }).then(replace, () => undefined);
  };

  return (
    <li className="saved-item" data-testid={`saved-search-${item.id}`}>
      <div className="saved-item-head">
        {editing ? (
          <div className="saved-rename">
            <label className="visually-hidden" htmlFor={`${id}-input`}>
              {t('nameLabel')}
            </label>
            <input
              ref={nameInput}
              id={`${id}-input`}
              className="form-control"
              value={draft}
              maxLength={NAME_MAX}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onRenameKey}
              aria-describedby={`${id}-hint`}
              data-testid="saved-search-rename-input"
            />
            <button type="button" className="btn btn-sm btn-brand" onClick={() => void finishRename()}>
              {t('save')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={cancelRename}>
              {t('cancel')}
            </button>
            <span className="visually-hidden" id={`${id}-hint`}>
              {t('renameHint')}
            </span>
          </div>
        ) : (
          <>
            <h2 className="saved-item-name" id={`${id}-name`}>
              <bdi>{item.name}</bdi>
            </h2>
            {item.new_count > 0 && (
              <span className="saved-new" data-testid="saved-search-new">
                {t('new', { count: item.new_count })}
              </span>
            )}
            <button
              ref={renameButton}
              type="button"
              className="btn btn-sm btn-link p-1"
              onClick={() => {
                setDraft(item.name);
                setEditing(true);
              }}
              aria-label={t('renameLabel', { name: item.name })}
              title={t('rename')}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <FilterSummary filters={item.filters} label={t('filtersLabel', { name: item.name })} />
      <div className="saved-item-foot">
        <div className="saved-frequency">
          <label className="small fw-semibold text-nowrap" htmlFor={`${id}-frequency`}>
            <i className="bi bi-envelope me-1" aria-hidden="true" />
            {t('frequency.label')}
          </label>
          <select
            id={`${id}-frequency`}
            className="form-select form-select-sm"
            value={choosing ?? item.frequency}
            disabled={choosing !== null}
            onChange={(e) => {
              const frequency = e.target.value as SavedSearchFrequency;
              // Shown at once; back to what the server holds if it refuses.
              setChoosing(frequency);
              void save({ frequency }, (s) => t('feedback.frequency', { name: isolate(s.name), frequency: t(`frequency.${s.frequency}`) })).finally(() => setChoosing(null));
            }}
            data-testid="saved-search-frequency"
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`frequency.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="saved-actions">
          <Link className="btn btn-sm btn-brand" to={searchUrl(item.filters)} onClick={markSeen} aria-label={t('openLabel', { name: item.name })} data-testid="saved-search-open">
            <i className="bi bi-search me-1" aria-hidden="true" />
            {t('open')}
          </Link>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setConfirming(true)} aria-label={t('deleteLabel', { name: item.name })} data-testid="saved-search-delete">
            <i className="bi bi-trash3 me-1" aria-hidden="true" />
            {t('delete')}
          </button>
        </div>
      </div>
      <p className={`saved-status mb-0${status?.kind === 'error' ? ' is-error' : ''}`} role="status" data-testid="saved-search-status">
        {status?.text}
      </p>
      <Modal show={confirming} onHide={deleting ? undefined : () => setConfirming(false)} centered aria-labelledby={`${id}-confirm`} data-testid="saved-search-confirm">
        <Modal.Header closeButton={!deleting} closeLabel={t('cancel')}>
          <Modal.Title id={`${id}-confirm`} as="h2" className="h5">
            {t('confirm.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1 fw-semibold">{t('confirm.question', { name: isolate(item.name) })}</p>
          <p className="mb-0 text-body-secondary">{t('confirm.detail')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirming(false)} disabled={deleting} autoFocus>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={deleting} data-testid="saved-search-confirm-yes">
            {deleting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('confirm.yes')}
          </button>
        </Modal.Footer>
      </Modal>
    </li>
  );
}
