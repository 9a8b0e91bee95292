import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Tabs between the admin screens: one row that scrolls sideways on a phone (admin.css), the current tab in view. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('.active');
    const row = list.current;
    if (!active || !row || row.scrollWidth <= row.clientWidth) return;
    // Scrolls the row only (scrollIntoView could move the page too).
    row.scrollLeft += active.getBoundingClientRect().left - row.getBoundingClientRect().left - (row.clientWidth - active.offsetWidth) / 2;
  }, []);
  const link = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;
  return (
    <nav className="mb-4" aria-label={t('nav.label')}>
      <ul className="nav nav-pills gap-2 admin-nav" ref={list}>
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
