import { useTranslation } from 'react-i18next';

/** Shown while a page chunk or a lazy locale namespace loads. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="route-fallback" role="status">
      <span className="spinner-border text-brand" aria-hidden="true" />
      <span className="visually-hidden">{t('states.loading')}</span>
    </div>
  );
}
