import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGovernorates } from '../../../api/queries';
import { districtsQuery, uzaalQuery, villagesQuery } from '../api';
import type { FieldName, ListingFormValues } from '../form';
import { FormField } from './FormField';

export type LocationLevel = 'governorate' | 'district' | 'uzlah' | 'village';
export interface LocationPlace {
  id: number;
  name_en: string;
  name_ar: string;
  latitude: number | null;
  longitude: number | null;
}
/** The places chosen, governorate first; what changed. */
export interface LocationChange {
  level: LocationLevel | null;
  chain: (LocationPlace | null)[];
}

const LEVELS: { level: LocationLevel; field: FieldName; label: string; parentHint: string | null }[] = [
  { level: 'governorate', field: 'governorate_id', label: 'governorate', parentHint: null },
  { level: 'district', field: 'district_id', label: 'district', parentHint: 'chooseGovernorateFirst' },
  { level: 'uzlah', field: 'uzlah_id', label: 'uzlah', parentHint: 'chooseDistrictFirst' },
  { level: 'village', field: 'village_id', label: 'village', parentHint: 'chooseUzlahFirst' },
];

/**
 * Governorate → district → uzlah → village (spec §7 location calls). Changing a level clears every level
 * below it (spec §4); the page hears about each change to fill the address and move the map.
 */
export function LocationFields({ onChange, disabled }: { onChange: (c: LocationChange) => void; disabled: boolean }) {
  const { t, i18n } = useTranslation('owner');
  const ar = i18n.language.startsWith('ar');
  const { setValue, getValues, control, formState, clearErrors } = useFormContext<ListingFormValues>();
  // Controlled selects: on edit, a saved id is shown as soon as its list arrives.
  const [g, d, u, v] = useWatch({ control, name: ['governorate_id', 'district_id', 'uzlah_id', 'village_id'] });
  const current = [g, d, u, v];

  const lists = [useGovernorates(), useQuery(districtsQuery(g)), useQuery(uzaalQuery(d)), useQuery(villagesQuery(u))];
  const parents = [true, Boolean(g), Boolean(d), Boolean(u)];

  const chainOf = (values: ListingFormValues) =>
    LEVELS.map(({ field }, i) => {
      const id = Number(values[field]);
      return (lists[i]!.data as LocationPlace[] | undefined)?.find((p) => p.id === id) ?? null;
    });

  return (
    <div className="row g-3">
      {LEVELS.map(({ level, field, label, parentHint }, i) => {
        const q = lists[i]!;
        const items = (q.data as LocationPlace[] | undefined) ?? [];
        const enabled = parents[i]!;
        const required = level === 'governorate' || level === 'district';
        const select = (value: string) => {
          setValue(field, value, { shouldDirty: true });
          if (value) clearErrors(field);
          // Changing a level clears every level below it.
          for (const lower of LEVELS.slice(i + 1)) setValue(lower.field, '', { shouldDirty: true });
          const values = getValues();
          onChange({ level: value ? level : i > 0 ? LEVELS[i - 1]!.level : null, chain: chainOf(values) });
        };
        let placeholder = t('addProperty.fields.choose');
        if (!enabled && parentHint) placeholder = t(`addProperty.fields.${parentHint}`);
        else if (q.isFetching && items.length === 0) placeholder = t('addProperty.fields.loadingOptions');
        else if (q.isError) placeholder = t('addProperty.fields.locationsFailed');
        else if (q.isSuccess && items.length === 0) placeholder = t('addProperty.fields.noOptions');
        return (
          <div className="col-sm-6" key={field}>
            <FormField label={t(`addProperty.fields.${label}`)} error={formState.errors[field]?.message} required={required}>
              {(p) => (
                <select
                  {...p}
                  className={p.className.replace('form-control', 'form-select')}
                  name={field}
                  value={current[i]}
                  onChange={(e) => select(e.target.value)}
                  disabled={disabled || !enabled || (q.isFetching && items.length === 0)}
                  data-testid={`select-${level}`}
                >
                  <option value="">{placeholder}</option>
                  {items.map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {ar ? item.name_ar : item.name_en}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        );
      })}
    </div>
  );
}
