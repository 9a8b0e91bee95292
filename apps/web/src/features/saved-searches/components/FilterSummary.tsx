import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChipLabels } from '../../search/components/FilterChips';
import { paramsFromFilters, type SavedFilters } from '../lib/filters';

/** A stored search's filters as the search page's chips word them (place names in the visitor's language). */
export function useFilterChips(filters: SavedFilters) {
  const params = useMemo(() => paramsFromFilters(filters), [filters]);
  return useChipLabels(params, true);
}

/** The filters of a saved search as a row of quiet chips (not buttons: nothing to remove here). */
export function FilterSummary({ filters, label, className = '' }: { filters: SavedFilters; label: string; className?: string }) {
  const { t } = useTranslation('savedSearches');
  const { chips } = useFilterChips(filters);
  if (chips.length === 0) return <p className={`saved-filters-none ${className}`.trim()}>{t('dialog.noFilters')}</p>;
  return (
    <ul className={`saved-filters ${className}`.trim()} aria-label={label}>
      {chips.map(({ chip, text }) => (
        <li key={chip.key} className="saved-filter">
          <bdi>{text}</bdi>
        </li>
      ))}
    </ul>
  );
}
