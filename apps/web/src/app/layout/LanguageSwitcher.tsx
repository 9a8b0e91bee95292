import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUPPORTED_LANGUAGES, toAppLanguage, type AppLanguage } from '../../i18n/config';

/** العربية / English. The choice is stored under i18nextLng by the language detector. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = toAppLanguage(i18n.resolvedLanguage ?? i18n.language);
  const choose = (lng: AppLanguage) => {
    void i18n.changeLanguage(lng);
    // A ?lang in the address outranks the choice kept on the device (the server reads it first): it follows the
    // choice, so a reload or a shared link shows the page in the language on screen.
    if (params.has('lang')) {
      setParams(
        (p) => {
          p.set('lang', lng);
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('languages.label')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={`lang-switch-btn${current === lng ? ' active' : ''}`}
          aria-pressed={current === lng}
          onClick={() => choose(lng)}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
