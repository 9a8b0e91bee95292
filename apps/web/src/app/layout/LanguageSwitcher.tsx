import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, toAppLanguage } from '../../i18n/config';

/** العربية / English. The choice is stored under i18nextLng by the language detector. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = toAppLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('languages.label')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={`lang-switch-btn${current === lng ? ' active' : ''}`}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
