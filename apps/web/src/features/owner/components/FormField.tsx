import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldInputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled field of the listing form: label tied to the input, the error (a validation key of the owner
 * namespace) and the hint announced with it, an asterisk on required fields.
 */
export function FormField({
  label,
  error,
  hint,
  required,
  children,
  className = 'mb-0',
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: (props: FieldInputProps) => ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('owner');
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
        {required && (
          <>
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden"> ({t('addProperty.fields.required')})</span>
          </>
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
        <div id={errorId} className="invalid-feedback d-block" data-testid="field-error">
          {t(`validation.${error}`, { defaultValue: error })}
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
