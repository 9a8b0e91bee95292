import { describe, expect, it } from 'vitest';
import { initialsOf } from './Avatar';

const user = (full_name: string, email = 'x@example.test') => ({ full_name, first_name: '', last_name: '', email });

describe('initialsOf', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initialsOf(user('Nadia Haddad'))).toBe('NH');
    expect(initialsOf(user('Ali'))).toBe('A');
  });

  it("skips the Arabic article of a family name, not a name's own letters", () => {
    expect(initialsOf(user('سالم الحميري'))).toBe('سح');
    expect(initialsOf(user('أحمد الأحمر'))).toBe('أأ');
    // A short word that begins with the letters is kept whole.
    expect(initialsOf(user('عمر ال'))).toBe('عا');
    expect(initialsOf(user('الحسن علي'))).toBe('اع');
  });

  it('falls back to the e-mail', () => {
    expect(initialsOf(user('', 'huda@example.test'))).toBe('H');
  });
});
