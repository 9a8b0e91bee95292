import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AMENITY_FLAGS, amenityApplies } from '@manzil/shared';
import { AMENITY_ICONS, amenityLabel } from '../../../components/amenities/amenities';
import type { ListingFormValues } from '../form';
import { FormField } from './FormField';

/**
 * The amenities of the add/edit form (issue 24): a switch with its icon for each one the property type can
 * have (land: no furniture, majlis or roof), and the floor for a flat, an office or a shop, typed in either
 * digit set like the other numbers. Parking is the parking spaces field above.
 */
export function AmenityFields() {
  const { t, i18n } = useTranslation('owner');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const type = useWatch({ control, name: 'property_type' }) ?? 'APARTMENT';
  const flags = AMENITY_FLAGS.filter((f) => amenityApplies(type, f));
  const floorError = formState.errors.floor_number?.message;

  return (
    <>
      <h3 className="owner-subtitle" id="owner-amenities">{t('addProperty.sections.amenities')}</h3>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-2 owner-amenities" role="group" aria-labelledby="owner-amenities">
        {flags.map((f) => (
          <div className="col" key={f}>
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" role="switch" id={`owner-amenity-${f}`} {...register(f)} data-testid={`amenity-${f}`} />
              <label className="form-check-label" htmlFor={`owner-amenity-${f}`}>
                <i className={`bi ${AMENITY_ICONS[f]} me-2 text-brand`} aria-hidden="true" />
                {amenityLabel(f, lang)}
              </label>
            </div>
          </div>
        ))}
      </div>
      {amenityApplies(type, 'floor_number') && (
        <div className="row g-3 mt-0">
          <div className="col-6 col-lg-4">
            <FormField label={t('addProperty.fields.floorNumber')} error={floorError} hint={t('addProperty.fields.floorHint')} icon={AMENITY_ICONS.floor_number.slice(3)}>
              {(p) => <input {...p} {...register('floor_number')} type="text" inputMode="numeric" autoComplete="off" data-testid="input-floor_number" />}
            </FormField>
          </div>
        </div>
      )}
    </>
  );
}
