import { useTranslation } from 'react-i18next';
import { chosenZone } from './convert';
import { chooseYerZone, useRates, useVisitorCurrency, useYerZone } from './store';

/**
 * Which rials a visitor counting in YER holds (issue 29): each listing's own place, or one rate zone (old notes in
 * Sana'a, new notes in Aden). Shown only while the visitor's currency is YER and there is more than one zone.
 */
export function YerZoneChoice({ id, className = '' }: { id: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const visitor = useVisitorCurrency();
  const zoneId = useYerZone();
  const rates = useRates(visitor === 'YER');
  if (visitor !== 'YER' || !rates || rates.zones.length < 2) return null;
  return (
    <div className={`yer-zone-choice ${className}`} data-testid="yer-zone-choice">
      <label htmlFor={id} className="form-label small mb-1">
        {t('currency.zoneLabel')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={chosenZone(rates, zoneId)?.id ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(e) => chooseYerZone(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('currency.zoneOwn')}</option>
        {rates.zones.map((z) => (
          <option key={z.id} value={z.id}>
            {lang === 'ar' ? z.name_ar : z.name_en}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="form-text small mb-0">
        {t('currency.zoneHint')}
      </p>
    </div>
  );
}
