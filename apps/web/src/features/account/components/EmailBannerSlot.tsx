import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { OptionalPart } from '../../../app/offline/OptionalPart';
import { useAuth } from '../auth-context';

const VerifyEmailBanner = lazy(() => import('./VerifyEmailBanner'));

/**
 * Where the layout shows the verify-your-e-mail banner: only for a signed-in user whose address is not
 * verified or who is changing it, and not on /verify-email itself (that page says how it went). The banner
 * and its texts load only then; offline, if this device never kept them, the page shows without it.
 */
export function EmailBannerSlot() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user || (user.email_verified && !user.pending_email)) return null;
  if (pathname.toLowerCase().startsWith('/verify-email')) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <VerifyEmailBanner user={user} />
      </Suspense>
    </OptionalPart>
  );
}
