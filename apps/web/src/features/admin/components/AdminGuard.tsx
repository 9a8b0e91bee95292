import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuth } from '../../account/auth-context';

/**
 * Admin pages (spec §2, §6): while the session loads, 'Verifying admin access'; anyone but an ADMIN is
 * sent to /. The server checks the role on every call as well.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <div className="container page-section py-5 text-center" role="status" aria-live="polite">
        <div className="spinner-border text-primary mb-3" aria-hidden="true" />
        <p className="mb-0">{t('verifying')}</p>
      </div>
    );
  }
  if (user?.role !== 'ADMIN') return <Navigate to="/" replace />;
  return <>{children}</>;
}
