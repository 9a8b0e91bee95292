import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@manzil/shared';
import { chooseCurrency, DEFAULT_CURRENCY, useVisitorCurrency } from '../../components/currency/store';

/**
 * YER / USD / SAR beside the language switch (issue 29): the currency "≈" prices and price steps are shown in,
 * kept on the device. The server does not know the device's choice: its HTML shows the default, and the choice
 * follows right after hydration, changing a word or a colour, never a size.
 * `compact`: a select, for the desktop bar, where three more buttons would push the sign-in off a 1280 px screen.
 */
export function CurrencySwitcher({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const current = useVisitorCurrency();
  if (compact) {
    return (
      <select
        className={`form-select form-select-sm currency-select ${className}`}
        aria-label={t('currency.label')}
        title={t('currency.label')}
        lang="en"
        value={current ?? DEFAULT_CURRENCY}
        onChange={(e) => chooseCurrency(e.target.value as Currency)}
        data-testid="currency-select"
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className={`lang-switch currency-switch ${className}`} role="group" aria-label={t('currency.label')}>
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          className={`lang-switch-btn${current === c ? ' active' : ''}`}
          aria-pressed={current === c}
          title={t('currency.showIn', { name: t(`currency.${c}`) })}
          data-currency={c}
          onClick={() => chooseCurrency(c)}
        >
          {/* The name read out starts with the code shown (WCAG 2.5.3), then says it in words. */}
          <span lang="en">{c}</span>
          <span className="visually-hidden"> {t(`currency.${c}`)}</span>
        </button>
      ))}
    </div>
  );
}
