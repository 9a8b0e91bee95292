import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/InfoPage';

/** /user-list: we publish no directory of people; this page says why and where to go instead. */
export default function UserListPage() {
  const { t } = useTranslation('info');
  const paragraphs = t('userList.paragraphs', { returnObjects: true }) as string[];
  return (
    <InfoPage title={t('userList.title')} lead={t('userList.lead')}>
      <div className="user-list-note">
        <i className="bi bi-person-lock user-list-icon" aria-hidden="true" />
        <div>
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Link to="/property" className="btn btn-brand">
              <i className="bi bi-search" aria-hidden="true" /> {t('userList.browse')}
            </Link>
            <Link to="/contact" className="btn btn-outline-brand">
              {t('userList.contact')}
            </Link>
            <Link to="/privacy-policy" className="btn btn-link">
              {t('privacy.title')}
            </Link>
          </div>
        </div>
      </div>
    </InfoPage>
  );
}
