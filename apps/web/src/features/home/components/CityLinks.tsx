import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GOVERNORATE_IDS, groupDigits } from '@manzil/shared';
import { cityStatsQuery } from '../../search/api/search';

/**
 * The governorates with the most listings, each a link to its search with its real count (home variants 2 and
 * 3): a visitor who knows the city starts there. Only governorates with listings; none while loading.
 */
export function CityLinks({ limit = 6 }: { limit?: number }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const q = useQuery({ ...cityStatsQuery, retry: 1 });
  const cities = (q.data ?? []).filter((c) => c.total > 0).sort((a, b) => b.total - a.total).slice(0, limit);
  if (q.isError || (q.data && cities.length === 0)) return null;
  return (
    <section className="container home-cities" aria-labelledby="home-cities-title">
      <div className="latest-head">
        <div>
          <h2 id="home-cities-title" className="section-title">{t('citiesTitle')}</h2>
          <p className="text-body-secondary mb-0">{t('citiesText')}</p>
        </div>
        <Link to="/properties-by-city" className="btn btn-outline-brand btn-sm">{t('byCity')}</Link>
      </div>
      {!q.data ? (
        <div className="latest-state" role="status">
          <span className="spinner-border spinner-border-sm text-brand" aria-hidden="true" />
        </div>
      ) : (
        <ul className="home-city-list">
          {cities.map((c) => {
            // The capital is Sana'a to a visitor, whatever the data set calls it (DESIGN §5).
            const name = c.governorate_id === GOVERNORATE_IDS.amanatAlAsimah ? t('citySanaa') : lang === 'ar' ? c.name_ar : c.name_en;
            return (
              <li key={c.governorate_id}>
                <Link className="home-city" to={`/search-list?governorate_id=${c.governorate_id}`}>
                  <i className="bi bi-geo-alt" aria-hidden="true" />
                  <span className="home-city-name">{name}</span>
                  <span className="home-city-count">{t('cityCount', { count: c.total, n: groupDigits(c.total) })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
