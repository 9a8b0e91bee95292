import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';

/**
 * The pages of the "stop these e-mails" links (a saved search's alerts, favourites' price drops): public, no
 * sign-in. The page turns the e-mails off as it opens, with the link's token (what a mail program's one-click
 * unsubscribe does with the same URL), and says what happened: done; a token this site did not sign (400, 422);
 * nothing left to turn off (404); or a failure to try again.
 */
export type TurnOffState<T> = { kind: 'working' } | { kind: 'done'; result: T } | { kind: 'invalid' | 'gone' | 'failed' };

/** Runs `turnOff` once per token of the page's `?token=`, and again on `retry`. */
export function useTurnOffFromLink<T>(turnOff: (token: string) => Promise<T>): { state: TurnOffState<T>; retry: () => void } {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<TurnOffState<T>>({ kind: 'working' });
  const started = useRef<string | null>(null);
  const action = useRef(turnOff);
  action.current = turnOff;

  const run = useCallback(async (tok: string) => {
    setState({ kind: 'working' });
    if (!tok) return setState({ kind: 'invalid' });
    try {
      setState({ kind: 'done', result: await action.current(tok) });
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

  return { state, retry: () => void run(token) };
}

export interface TurnOffTexts {
  title: string;
  working: string;
  done: ReactNode;
  doneHint: string;
  invalid: string;
  invalidHint: string;
  gone: string;
  failed: string;
  retry: string;
}

/** What the page says for each state, and the way to the place where these e-mails are managed. */
export function TurnOffPanel({ state, retry, texts, manage }: { state: TurnOffState<unknown>; retry: () => void; texts: TurnOffTexts; manage: { to: string; icon: string; label: string } }) {
  return (
    <section className="container page-section" style={{ maxWidth: '40rem' }}>
      <h1 className="page-title mb-4">{texts.title}</h1>
      {state.kind === 'working' ? (
        <div className="d-flex align-items-center gap-2 py-4" role="status" data-testid="unsubscribe-working">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span>{texts.working}</span>
        </div>
      ) : state.kind === 'done' ? (
        <div className="alert alert-success" role="status" data-testid="unsubscribe-done">
          <p className="fw-semibold mb-1">
            <i className="bi bi-bell-slash me-2" aria-hidden="true" />
            {texts.done}
          </p>
          <p className="mb-0">{texts.doneHint}</p>
        </div>
      ) : (
        <div className={`alert ${state.kind === 'failed' ? 'alert-warning' : 'alert-danger'}`} role="alert" data-testid={`unsubscribe-${state.kind}`}>
          <p className={`fw-semibold ${state.kind === 'invalid' ? 'mb-1' : 'mb-0'}`}>
            <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
            {texts[state.kind]}
          </p>
          {state.kind === 'invalid' && <p className="mb-0">{texts.invalidHint}</p>}
          {state.kind === 'failed' && (
            <button type="button" className="btn btn-sm btn-outline-secondary mt-2" onClick={retry}>
              {texts.retry}
            </button>
          )}
        </div>
      )}
      <Link to={manage.to} className="btn btn-outline-brand mt-2">
        <i className={`bi ${manage.icon} me-2`} aria-hidden="true" />
        {manage.label}
      </Link>
    </section>
  );
}
