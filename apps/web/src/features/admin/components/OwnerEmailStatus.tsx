import { useTranslation } from 'react-i18next';

/**
 * Whether the listing's owner proved their e-mail address, for the moderator: said in words (and an icon),
 * not by colour alone, in both states.
 */
export function OwnerEmailStatus({ verified, className = '' }: { verified: boolean; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`admin-email-status admin-email-status--${verified ? 'verified' : 'unverified'} ${className}`.trim()}
      data-email-verified={verified ? 'true' : 'false'}
    >
      <i className={`bi ${verified ? 'bi-patch-check-fill' : 'bi-envelope-exclamation'} me-1`} aria-hidden="true" />
      {t(verified ? 'owner.emailVerified' : 'owner.emailNotVerified')}
    </span>
  );
}
