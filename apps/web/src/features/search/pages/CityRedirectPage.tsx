import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { cityRedirectTarget } from '../city-redirect';

/** /properties-by-city/:city/:listingType — replaced at once by the matching search list. */
export default function CityRedirectPage() {
  const { city, listingType } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('pages');
  useEffect(() => {
    navigate(cityRedirectTarget(city, listingType), { replace: true });
  }, [city, listingType, navigate]);
  return (
    <div className="container page-section text-center" role="status">
      <span className="spinner-border text-brand" aria-hidden="true" />
      <span className="visually-hidden">{t('redirecting')}</span>
    </div>
  );
}
