import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import '../info.css';

/** The frame of every info page: a tinted header with the title and a lead line, then the content. */
export function InfoPage({ title, lead, children, meta }: { title: string; lead?: string; meta?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <header className="info-hero">
        <div className="container">
          <h1 className="info-hero-title">{title}</h1>
          {lead && <p className="info-hero-lead">{lead}</p>}
          {meta}
        </div>
      </header>
      <div className="container info-body">{children}</div>
    </>
  );
}

/** "Last updated: 4 September 2025" (spec §1), the date of every legal text. */
export function LastUpdated() {
  const { t } = useTranslation('info');
  return (
    <p className="info-updated">
      <i className="bi bi-calendar3" aria-hidden="true" /> {t('lastUpdated', { date: t('updatedOn') })}
    </p>
  );
}

/** A card that ends a page: where to get help, with the working hours. */
export function HelpCard({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('info');
  return (
    <aside className="info-help" aria-label={title}>
      <div>
        <h2 className="h5 mb-1">{title}</h2>
        <p className="mb-1">{text}</p>
        <p className="small text-body-secondary mb-0">{t('workingHours')}</p>
      </div>
      <Link to="/contact" className="btn btn-brand">
        <i className="bi bi-envelope" aria-hidden="true" /> {t('contactUs')}
      </Link>
    </aside>
  );
}
