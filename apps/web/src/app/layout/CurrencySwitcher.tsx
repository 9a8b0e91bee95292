import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@manzil/shared';
import { chooseCurrency, useVisitorCurrency } from '../../components/currency/store';

/**
 * YER / USD / SAR beside the language switch (issue 29): the currency "≈" prices and price steps are shown in,
 * kept on the device. The server's HTML marks none chosen (it does not know the device's choice); the choice
 * is marked right after hydration, which changes colours only.
 */
export function CurrencySwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const current = useVisitorCurrency();
  return (
    <div className={`lang-switch currency-switch ${className}`} role="group" aria-label={t('currency.label')}>
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          lang="en"
          className={`lang-switch-btn${current === c ? ' active' : ''}`}
          aria-pressed={current === c}
          title={t('currency.showIn', { name: t(`currency.${c}`) })}
          aria-label={t(`currency.${c}`)}
          data-currency={c}
          onClick={() => chooseCurrency(c)}
        >
          {c}
        </button>
      ))}
    </div>
  );
}
