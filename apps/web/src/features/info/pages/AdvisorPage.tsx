import { useTranslation } from 'react-i18next';
import { HelpCard, InfoPage } from '../components/InfoPage';

interface Article {
  title: string;
  points: string[];
}

const ICONS = ['bi-shield-check', 'bi-file-earmark-text', 'bi-pen', 'bi-house-check', 'bi-currency-exchange', 'bi-megaphone'];

/** /advisor: practical buying and renting advice of our own (DESIGN §6: honest content). */
export default function AdvisorPage() {
  const { t } = useTranslation('info');
  const articles = t('advisor.articles', { returnObjects: true }) as Article[];
  return (
    <InfoPage title={t('advisor.title')} lead={t('advisor.lead')}>
      <div className="row g-4">
        {articles.map((a, i) => (
          <div className="col-12 col-md-6 col-xl-4" key={a.title}>
            <article className="advice-card">
              <span className="advice-icon" aria-hidden="true">
                <i className={`bi ${ICONS[i % ICONS.length]}`} />
              </span>
              <h2>{a.title}</h2>
              <ul>
                {a.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </article>
          </div>
        ))}
      </div>
      <p className="advice-disclaimer">
        <i className="bi bi-info-circle" aria-hidden="true" /> {t('advisor.disclaimer')}
      </p>
      <HelpCard title={t('faq.moreTitle')} text={t('faq.moreText')} />
    </InfoPage>
  );
}
