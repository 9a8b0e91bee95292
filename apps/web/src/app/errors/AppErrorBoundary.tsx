import type { i18n as I18n } from 'i18next';
import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { removePreloader } from '../preloader';

interface State {
  error: Error | null;
}

/**
 * Last line of defence around the whole app (spec §2): an Arabic page saying an error occurred, with a
 * refresh button; the English text follows when English is the chosen language. Texts come from the
 * statically bundled `common` namespace (the i18n of AppProviders, inside which it sits), so this works even
 * if the router never rendered.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  static override contextType = I18nContext;
  declare context: ContextType<typeof I18nContext>;
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Application error', error, info.componentStack);
    removePreloader();
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const i18n = this.context.i18n as I18n;
    const ar = i18n.getFixedT('ar', 'common');
    const en = i18n.getFixedT('en', 'common');
    const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
    return (
      <main className="app-error" role="alert">
        <div className="app-error-card">
          <i className="bi bi-exclamation-triangle status-icon" aria-hidden="true" />
          <div lang="ar" dir="rtl">
            <h1 className="page-title">{ar('appError.title')}</h1>
            <p>{ar('appError.text')}</p>
          </div>
          {english && (
            <div lang="en" dir="ltr" className="text-body-secondary">
              <p className="fw-bold mb-1">{en('appError.title')}</p>
              <p>{en('appError.text')}</p>
            </div>
          )}
          <button type="button" className="btn btn-brand btn-lg" onClick={() => window.location.reload()}>
            <i className="bi bi-arrow-clockwise" aria-hidden="true" /> {ar('appError.refresh')}
            {english && <span lang="en"> / {en('appError.refresh')}</span>}
          </button>
        </div>
      </main>
    );
  }
}
