import type { ReactNode } from 'react';

/** "For example +967 …": the number isolated left-to-right so it reads the same inside Arabic text. */
export function phoneHint(label: string): ReactNode {
  return (
    <>
      {label}{' '}
      <bdi dir="ltr">+967 777 123 456</bdi>
    </>
  );
}

/** The account forms' field is the shared one (components/form/FormField). */
export { FormField as Field } from '../../../components/form/FormField';
