import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InfoPage } from '../components/InfoPage';
import { formatNewsDate, type NewsItem } from '../news';

/** /news-details?id=…: one announcement; without a known id, the latest one with a note. */
export default function NewsDetailsPage() {
  const { t, i18n } = useTranslation('info');
  const [params] = useSearchParams();
  const items = t('news.items', { returnObjects: true }) as NewsItem[];
  const wanted = params.get('id');
  const found = items.find((n) => n.id === wanted);
  const item = found ?? items[0]!;
  const others = items.filter((n) => n.id !== item.id);
  return (
    <InfoPage
      title={item.title}
      meta={
        <time dateTime={item.date} className="news-date news-date-hero">
          <i className="bi bi-calendar3" aria-hidden="true" /> {formatNewsDate(item.date, i18n.language)}
        </time>
      }
    >
      <div className="row g-4 gx-lg-5">
        <article className="col-12 col-lg-8 news-article">
          {wanted && !found && (
            <p className="alert alert-info" role="status">
              {t('news.notFound')}
            </p>
          )}
          <p className="news-summary">{item.summary}</p>
          {item.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <Link to="/news" className="btn btn-outline-brand mt-3">
            <i className="bi bi-arrow-left flip-rtl" aria-hidden="true" /> {t('news.back')}
          </Link>
        </article>
        <aside className="col-12 col-lg-4" aria-labelledby="news-more">
          <h2 className="h5" id="news-more">
            {t('news.title')}
          </h2>
          <ul className="news-side">
            {others.map((n) => (
              <li key={n.id}>
                <Link to={`/news-details?id=${n.id}`}>{n.title}</Link>
                <time dateTime={n.date}>{formatNewsDate(n.date, i18n.language)}</time>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </InfoPage>
  );
}
