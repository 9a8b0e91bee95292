import { MESSAGES } from '@manzil/shared';

/**
 * Google Identity Services, loaded only when the server has a client id (GET /config). The script is added
 * once; after it loads we wait for `google.accounts.id`, checking up to 50 times every 100 ms (spec §7).
 * Failures reject with the English texts of spec §8 (translated by the errors namespace).
 */
export const GSI_SRC = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

interface GoogleIdApi {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number | boolean>): void;
  disableAutoSelect(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

let loading: Promise<GoogleIdApi> | null = null;

export function loadGoogleIdentity(): Promise<GoogleIdApi> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleIdApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      script.remove();
      loading = null; // a later attempt may succeed once the connection is back
      reject(new Error(MESSAGES.googleLoadFailed));
    };
    script.onload = () => {
      let tries = 0;
      const check = () => {
        const api = window.google?.accounts?.id;
        if (api) return resolve(api);
        tries += 1;
        if (tries >= 50) {
          loading = null;
          return reject(new Error(MESSAGES.googleNotLoaded));
        }
        window.setTimeout(check, 100);
      };
      check();
    };
    document.head.appendChild(script);
  });
  return loading;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The readable claims of an ID token, only to fill user_info (the server verifies the token itself).
 * Throws 'Invalid token format' for anything that is not a JWT, and the no-e-mail message without one.
 */
export function readGoogleCredential(credential: string | undefined) {
  if (!credential) throw new Error(MESSAGES.googleFailed);
  const parts = credential.split('.');
  if (parts.length !== 3) throw new Error(MESSAGES.googleInvalidToken);
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(base64UrlDecode(parts[1]!)) as Record<string, unknown>;
  } catch {
    throw new Error(MESSAGES.googleInvalidToken);
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const email = str(claims.email);
  if (!email) throw new Error(MESSAGES.googleNoEmail);
  return {
    email,
    first_name: str(claims.given_name),
    last_name: str(claims.family_name),
    picture: str(claims.picture),
    google_id: str(claims.sub),
  };
}
