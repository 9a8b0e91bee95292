import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

/**
 * Temporary body of a page that a feature engineer has not built yet: its title (pages:titles.<key>)
 * and a "coming soon" line. `hero` gives it the home pages' banner so the transparent navbar has a
 * background to sit on.
 */
export function PlaceholderPage({ titleKey, hero = false }: { titleKey: string; hero?: boolean }) {
  const { t } = useTranslation('pages');
  const title = t(`titles.${titleKey}`);
  usePageTitle(title);
  if (hero) {
    return (
      <section className="placeholder-hero">
        <div className="container">
          <h1>{title}</h1>
          <p className="lead mb-0">{t('comingSoon')}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="container page-section placeholder-page">
      <h1 className="page-title">{title}</h1>
      <p className="text-body-secondary">{t('comingSoon')}</p>
    </section>
  );
}
