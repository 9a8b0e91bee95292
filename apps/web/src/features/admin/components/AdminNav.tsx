import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Tabs between the admin screens: one row, or two rows of three on a phone (admin.css). */
export function AdminNav() {
  const { t } = useTranslation('admin');
  const link = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;
  return (
    <nav className="mb-4" aria-label={t('nav.label')}>
      <ul className="nav nav-pills gap-2 admin-nav">
        <li className="nav-item">
          <NavLink to="/admin/dashboard" className={link}>
            <i className="bi bi-speedometer2 me-1" aria-hidden="true" />
            {t('nav.dashboard')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/review" className={link}>
            <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
            {t('nav.review')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/listings" className={link}>
            <i className="bi bi-list-ul me-1" aria-hidden="true" />
            {t('nav.listings')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/reports" className={link}>
            <i className="bi bi-flag me-1" aria-hidden="true" />
            {t('nav.reports')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/users" className={link}>
            <i className="bi bi-people me-1" aria-hidden="true" />
            {t('nav.users')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/rates" className={link}>
            <i className="bi bi-currency-exchange me-1" aria-hidden="true" />
            {t('nav.rates')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
