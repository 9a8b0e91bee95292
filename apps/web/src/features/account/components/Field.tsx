import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../i18n/translate-api-error';

/** "For example +967 …": the number isolated left-to-right so it reads the same inside Arabic text. */
export function phoneHint(label: string): ReactNode {
  return (
    <>
      {label}{' '}
      <bdi dir="ltr">+967 777 123 456</bdi>
    </>
  );
}

interface InputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled form field: the label is tied to the input, the error (an English text from the shared schemas,
 * translated here) and the hint are announced with it.
 */
export function Field({
  label,
  error,
  hint,
  icon,
  required,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  icon?: string;
  required?: boolean;
  children: (props: InputProps) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {icon && <i className={`bi bi-${icon} me-1 text-body-secondary`} aria-hidden="true" />}
        {label}
        {required && (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {translateApiError(t, error)}
        </div>
      )}
      {hint && !error && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
