import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAuth } from '../../account/auth-context';

/**
 * Admin pages (spec §2, §6): while the session loads, 'Verifying admin access'. Signed out, the sign-in window
 * opens over the page, which shows once an administrator has signed in (issue 25: the spec sent everyone to /,
 * so an administrator following a link had to find the page again). Signed in without the role: sent to /. The
 * server checks the role on every call as well.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <AdminVerifying />;
  if (!user) return <AdminSignIn />;
  if (user.role !== 'ADMIN') return <Navigate to="/" replace />;
  return <>{children}</>;
}

function AdminVerifying() {
  const { t } = useTranslation('admin');
  // Reached from another page, the tab would otherwise keep that page's title while the session loads.
  usePageTitle(t('verifying'));
  return (
    <div className="container page-section py-5 text-center" role="status" aria-live="polite">
      <div className="spinner-border text-primary mb-3" aria-hidden="true" />
      <p className="mb-0">{t('verifying')}</p>
    </div>
  );
}

function AdminSignIn() {
  const { t } = useTranslation('admin');
  const { openLogin } = useAuth();
  // The tab says where this is, not the title of the page visited before.
  usePageTitle(t('signIn.title'));
  useEffect(() => openLogin('login'), [openLogin]);
  return (
    <section className="container page-section text-center" data-testid="admin-sign-in">
      <i className="bi bi-shield-lock fs-1 text-brand" aria-hidden="true" />
      <h1 className="h3 mt-3">{t('signIn.title')}</h1>
      <p className="text-body-secondary">{t('signIn.text')}</p>
      <button type="button" className="btn btn-brand" onClick={() => openLogin('login')}>
        <i className="bi bi-box-arrow-in-right me-2 flip-rtl" aria-hidden="true" />
        {t('signIn.button')}
      </button>
    </section>
  );
}
