import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePageTitle } from '../../../components/usePageTitle';
import { unsubscribePriceDrops } from '../api';

type State = { kind: 'working' | 'done' } | { kind: 'invalid' | 'gone' | 'failed' };

/**
 * /price-drops/unsubscribe?token=… (issue 27), the link at the foot of every price-drop e-mail: public, no sign-in.
 * It turns that account's price-drop mails off (what a mail program's one-click unsubscribe does with the same
 * URL) and says so; a link this site did not sign (400) or an account deleted since (404) says that.
 */
export default function PriceDropsUnsubscribePage() {
  const { t } = useTranslation('favorites');
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef<string | null>(null);

  const run = useCallback(async (tok: string) => {
    setState({ kind: 'working' });
    if (!tok) return setState({ kind: 'invalid' });
    try {
      await unsubscribePriceDrops(tok);
      setState({ kind: 'done' });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setState({ kind: status === 400 || status === 422 ? 'invalid' : status === 404 ? 'gone' : 'failed' });
    }
  }, []);

  useEffect(() => {
    // Once per token (React runs effects twice in development).
    if (started.current === token) return;
    started.current = token;
    void run(token);
  }, [token, run]);

  return (
    <section className="container page-section" style={{ maxWidth: '40rem' }}>
      <h1 className="page-title mb-4">{t('unsubscribe.title')}</h1>
      {state.kind === 'working' ? (
        <div className="d-flex align-items-center gap-2 py-4" role="status" data-testid="unsubscribe-working">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span>{t('unsubscribe.working')}</span>
        </div>
      ) : state.kind === 'done' ? (
        <div className="alert alert-success" role="status" data-testid="unsubscribe-done">
          <p className="fw-semibold mb-1">
            <i className="bi bi-bell-slash me-2" aria-hidden="true" />
            {t('unsubscribe.done')}
          </p>
          <p className="mb-0">{t('unsubscribe.doneHint')}</p>
        </div>
      ) : (
        <div className={`alert ${state.kind === 'failed' ? 'alert-warning' : 'alert-danger'}`} role="alert" data-testid={`unsubscribe-${state.kind}`}>
          <p className={`fw-semibold ${state.kind === 'invalid' ? 'mb-1' : 'mb-0'}`}>
            <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
            {t(`unsubscribe.${state.kind}`)}
          </p>
          {state.kind === 'invalid' && <p className="mb-0">{t('unsubscribe.invalidHint')}</p>}
          {state.kind === 'failed' && (
            <button type="button" className="btn btn-sm btn-outline-secondary mt-2" onClick={() => void run(token)}>
              {t('tryAgain')}
            </button>
          )}
        </div>
      )}
      <Link to="/favorites" className="btn btn-outline-brand mt-2">
        <i className="bi bi-heart me-2" aria-hidden="true" />
        {t('unsubscribe.manage')}
      </Link>
    </section>
  );
}
