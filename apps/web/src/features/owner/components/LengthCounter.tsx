import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@manzil/shared';
import type { ListingFormValues } from '../form';

/** The free-text fields of the listing form with a length limit (LIMITS.titleMax, LIMITS.descriptionMax). */
export type LimitedField = 'title_ar' | 'title_en' | 'description_ar' | 'description_en';

/**
 * Under a title or description once it nears its limit (80 %): how many characters it has of how many. Past the
 * limit it turns red and says by how much; the text is never cut (no maxLength), the field's too-long error says
 * it must be shortened before saving.
 */
export function LengthCounter({ control, name, max }: { control: Control<ListingFormValues>; name: LimitedField; max: number }) {
  const { t } = useTranslation('owner');
  const value = useWatch({ control, name });
  const count = typeof value === 'string' ? value.length : 0;
  if (count < max * 0.8) return null;
  const over = count - max;
  return (
    <div className={`form-text owner-length${over > 0 ? ' text-danger fw-semibold' : ''}`} data-testid={`length-${name}`} data-over={over > 0 || undefined}>
      {t(over > 0 ? 'addProperty.fields.lengthOver' : 'addProperty.fields.lengthCount', { n: groupDigits(count), max: groupDigits(max), over: groupDigits(over) })}
    </div>
  );
}
