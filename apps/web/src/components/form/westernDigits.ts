import { toWesternDigits } from '@manzil/shared';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver that reads the named fields with Western digits, so a phone typed with Arabic-Indic digits
 * (٠–٩, as an Arabic keyboard types them) passes the shared schema and is sent as 0–9 (DESIGN §5: number
 * inputs accept either digit set). What the visitor typed stays in the field as typed.
 */
export function withWesternDigits<T extends FieldValues>(resolver: Resolver<T>, fields: readonly (keyof T & string)[]): Resolver<T> {
  return (values, context, options) => {
    const read: Record<string, unknown> = { ...values };
    for (const field of fields) if (typeof read[field] === 'string') read[field] = toWesternDigits(read[field]);
    return resolver(read as T, context, options);
  };
}
