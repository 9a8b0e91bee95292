import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError, translateError } from '../../../i18n/translate-api-error';

/** "For example +967 …": the number isolated left-to-right so it reads the same inside Arabic text. */
export function phoneHint(label: string): ReactNode {
  return (
    <>
      {label}{' '}
      <bdi dir="ltr">+967 777 123 456</bdi>
    </>
  );
}

/**
 * A form's answer from the server (its `detail`), translated, announced as an alert; nothing without one. An
 * error rather than its text adds when to try again (a 429's Retry-After).
 */
export function ServerError({ error, id, children }: { error: string | Error | null; id?: string; children?: ReactNode }) {
  const { t } = useTranslation('account');
  if (!error) return null;
  return (
    <div id={id} className="alert alert-danger py-2" role="alert" data-testid={id}>
      {typeof error === 'string' ? translateApiError(t, error) : translateError(t, error)}
      {children}
    </div>
  );
}

/** The account forms' field is the shared one (components/form/FormField). */
export { FormField as Field } from '../../../components/form/FormField';
