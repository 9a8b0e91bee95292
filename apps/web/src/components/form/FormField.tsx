import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../i18n/translate-api-error';

/** What a field hands its input so the label, error and hint are tied to it. */
export interface FieldInputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled form field: the label is tied to the input, and the error (an English text of the shared
 * schemas, translated here through the errors catalogue) and the hint are announced with it.
 */
export function FormField({
  label,
  error,
  hint,
  icon,
  required,
  requiredText,
  labelClassName = 'form-label',
  className = 'mb-3',
  renderError,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A bootstrap-icons name shown before the label. */
  icon?: string;
  required?: boolean;
  /** Read to screen readers after the label of a required field (the asterisk is hidden from them). */
  requiredText?: string;
  labelClassName?: string;
  className?: string;
  /** How an error text becomes words; by default through the errors catalogue (translateApiError). */
  renderError?: (error: string) => ReactNode;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {icon && <i className={`bi bi-${icon} me-1 text-body-secondary`} aria-hidden="true" />}
        {label}
        {required && (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
        {required && requiredText && <span className="visually-hidden"> ({requiredText})</span>}
      </label>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {error && (
        <div id={errorId} className="invalid-feedback d-block" data-testid="field-error">
          {renderError ? renderError(error) : translateApiError(t, error)}
        </div>
      )}
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
