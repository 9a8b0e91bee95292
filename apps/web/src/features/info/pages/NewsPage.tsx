import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/InfoPage';
import { formatNewsDate, type NewsItem } from '../news';

/** /news: Manzil's own announcements with their dates, newest first. */
export default function NewsPage() {
  const { t, i18n } = useTranslation('info');
  const items = t('news.items', { returnObjects: true }) as NewsItem[];
  return (
    <InfoPage title={t('news.title')} lead={t('news.lead')}>
      <div className="news-list">
        {items.map((n) => (
          <article className="news-card" key={n.id}>
            <time dateTime={n.date} className="news-date">
              <i className="bi bi-calendar3" aria-hidden="true" /> {formatNewsDate(n.date, i18n.language)}
            </time>
            <h2>
              <Link to={`/news-details?id=${n.id}`}>{n.title}</Link>
            </h2>
            <p>{n.summary}</p>
            <Link to={`/news-details?id=${n.id}`} className="news-more" aria-hidden="true" tabIndex={-1}>
              {t('news.readMore')} <i className="bi bi-arrow-right flip-rtl" />
            </Link>
          </article>
        ))}
      </div>
    </InfoPage>
  );
}
