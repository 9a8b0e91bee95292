import { useState } from 'react';
import type { UserMe } from '@manzil/shared';

/**
 * Up to two initials of the name (first letters of the first and last word), else of the e-mail. An Arabic family
 * name's article is not its initial: سالم الحميري is سح, not سا.
 */
export function initialsOf(user: Pick<UserMe, 'full_name' | 'first_name' | 'last_name' | 'email'>): string {
  const words = (user.full_name || `${user.first_name} ${user.last_name}`).trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : words).map((w, i) => (i > 0 ? w.replace(/^ال(?=\p{L}{2})/u, '') : w));
  const initials = letters.map((w) => Array.from(w)[0] ?? '').join('');
  return (initials || Array.from(user.email)[0] || '?').toUpperCase();
}

/** The profile picture, or the initials on a coloured circle when there is none (or it fails to load). */
export function Avatar({ user, size = 40, className = '' }: { user: UserMe; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (user.profile_picture_url && !failed) {
    return (
      <img
        src={user.profile_picture_url}
        alt=""
        className={`account-avatar ${className}`}
        style={style}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`account-avatar account-avatar-initials ${className}`} style={style} aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}
