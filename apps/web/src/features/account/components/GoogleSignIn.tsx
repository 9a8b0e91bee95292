import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { usePublicConfig } from '../../../api/queries';
import { translateApiError } from '../../../i18n/translate-api-error';
import { googleSignIn } from '../api';
import { useAuth } from '../auth-context';
import { loadGoogleIdentity, readGoogleCredential, type GoogleCredentialResponse } from '../google';

/** Server answers that are already a clear message; anything else becomes 'Failed to authenticate with server'. */
const SERVER_MESSAGES = new Set<string>([
  MESSAGES.googleNotConfigured,
  MESSAGES.googleInvalidToken,
  MESSAGES.googleNoEmail,
  MESSAGES.googleUnavailable,
  MESSAGES.googleServerFailed,
  MESSAGES.tooManyRequests,
  MESSAGES.networkError,
]);

/**
 * The Google button of the sign-in modal, only when the server has a GOOGLE_CLIENT_ID (without one the modal
 * does not mention Google at all); the Google script is loaded only then.
 */
export function GoogleSignIn({ mode, onSignedIn, onBusy }: { mode: 'login' | 'register'; onSignedIn: () => void; onBusy?: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation('account');
  const { config, isPending } = usePublicConfig();
  const { acceptSession } = useAuth();
  const slot = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const clientId = config.google_client_id;

  // Latest callbacks for the Google callback, which is registered once per initialisation.
  const handlers = useRef({ acceptSession, onSignedIn, onBusy });
  useEffect(() => {
    handlers.current = { acceptSession, onSignedIn, onBusy };
  });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    const onCredential = async (response: GoogleCredentialResponse) => {
      setError(null);
      let info;
      try {
        info = readGoogleCredential(response.credential);
      } catch (e) {
        setError((e as Error).message);
        return;
      }
      setWorking(true);
      handlers.current.onBusy?.(true);
      try {
        const answer = await googleSignIn(response.credential!, info);
        handlers.current.acceptSession(answer.access_token, answer.user);
        handlers.current.onSignedIn();
      } catch (e) {
        const message = e instanceof ApiError && SERVER_MESSAGES.has(e.message) ? e.message : MESSAGES.googleServerFailed;
        if (!cancelled) setError(message);
      } finally {
        if (!cancelled) setWorking(false);
        handlers.current.onBusy?.(false);
      }
    };
    loadGoogleIdentity()
      .then((api) => {
        if (cancelled || !slot.current) return;
        try {
          api.initialize({ client_id: clientId, callback: (r) => void onCredential(r), ux_mode: 'popup', cancel_on_tap_outside: true });
          slot.current.replaceChildren();
          api.renderButton(slot.current, {
            type: 'standard',
            theme: 'outline',
            size: 'large',
            shape: 'pill',
            text: mode === 'register' ? 'signup_with' : 'signin_with',
            logo_alignment: 'center',
            locale: i18n.resolvedLanguage ?? 'ar',
            width: Math.min(360, slot.current.clientWidth || 320),
          });
        } catch {
          setError(MESSAGES.googleInitFailed);
        }
      })
      .catch((e: Error) => {
        if (!cancelled) setError(e.message || MESSAGES.googleUnavailable);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, i18n.resolvedLanguage]);

  if (isPending || !clientId) return null;
  return (
    <div className="account-google">
      <div ref={slot} className="account-google-slot" aria-label={t('google.button')} aria-busy={working} />
      {working && (
        <p className="small text-center text-body-secondary mt-2 mb-0" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('google.working')}
        </p>
      )}
      {error && (
        <div className="alert alert-danger small mt-2 mb-0" role="alert">
          {translateApiError(t, error)}
        </div>
      )}
    </div>
  );
}
