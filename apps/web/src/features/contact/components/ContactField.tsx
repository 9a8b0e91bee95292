import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../i18n/translate-api-error';

export interface FieldInputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A labelled field whose error (an English text of the shared schemas) is translated and announced. */
export function ContactField({
  label,
  error,
  required,
  icon,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  icon?: string;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-medium">
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
        'aria-describedby': error ? errorId : undefined,
        'aria-required': required || undefined,
      })}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {translateApiError(t, error)}
        </div>
      )}
    </div>
  );
}
