import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField as SharedFormField } from '../../../components/form/FormField';

export type { FieldInputProps } from '../../../components/form/FormField';

/**
 * A field of the listing form: the shared field, whose errors are validation keys of the owner namespace
 * and whose required marker is also spoken.
 */
export function FormField({ className = 'mb-0', ...props }: Omit<ComponentProps<typeof SharedFormField>, 'renderError' | 'requiredText'>) {
  const { t } = useTranslation('owner');
  return (
    <SharedFormField
      {...props}
      className={className}
      requiredText={t('addProperty.fields.required')}
      renderError={(error) => t(`validation.${error}`, { defaultValue: error })}
    />
  );
}
