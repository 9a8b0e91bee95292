import type { ComponentProps } from 'react';
import { FormField } from '../../../components/form/FormField';

export type { FieldInputProps } from '../../../components/form/FormField';

/** The contact forms' field: the shared one, with a medium-weight label. */
export function ContactField(props: Omit<ComponentProps<typeof FormField>, 'labelClassName'>) {
  return <FormField {...props} labelClassName="form-label fw-medium" />;
}
