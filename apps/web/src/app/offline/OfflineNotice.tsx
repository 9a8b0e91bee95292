import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerServiceWorker } from './register';
import './offline.css';

/**
 * The notice's own texts, in both languages, bundled with the shell on purpose: it must show when the
 * network is gone, when a lazily loaded locale file could not be fetched.
 */
const TEXTS = {
  ar: {
    title: 'لا يوجد اتصال بالإنترنت',
    text: 'يمكنك فتح الإعلانات التي فتحتها من قبل ومفضلتك وقوائمك كما حُفظت على هذا الجهاز. الصفحات الأخرى تحتاج إلى اتصال.',
    retry: 'إعادة المحاولة',
    dismiss: 'إخفاء',
  },
  en: {
    title: 'You are offline',
    text: 'You can open the listings you opened before, your favourites and your lists as saved on this device. Other pages need a connection.',
    retry: 'Try again',
    dismiss: 'Hide',
  },
} as const;

/**
 * Shown while the browser says it is offline, or while the service worker reports that the network
 * failed (a connection that is "up" but carries nothing). Also registers the service worker.
 */
export function OfflineNotice() {
  const { i18n } = useTranslation();
  const [browserOffline, setBrowserOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  const [networkFailed, setNetworkFailed] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    registerServiceWorker();
    const update = () => {
      setBrowserOffline(!navigator.onLine);
      if (navigator.onLine) setNetworkFailed(false);
      setHidden(false);
    };
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: string } | null)?.type;
      if (type === 'manzil:offline') {
        setNetworkFailed(true);
        setHidden(false);
      } else if (type === 'manzil:online') setNetworkFailed(false);
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, []);

  if ((!browserOffline && !networkFailed) || hidden) return null;
  const tx = TEXTS[(i18n.resolvedLanguage ?? i18n.language)?.startsWith('en') ? 'en' : 'ar'];
  return (
    <div className="offline-notice" role="status" aria-live="polite" data-testid="offline-notice">
      <i className="bi bi-wifi-off offline-icon" aria-hidden="true" />
      <div className="offline-text">
        <strong>{tx.title}</strong>
        <span>{tx.text}</span>
      </div>
      <div className="offline-actions">
        <button type="button" className="btn btn-sm btn-light" onClick={() => window.location.reload()}>
          {tx.retry}
        </button>
        <button type="button" className="btn btn-sm btn-link text-white" onClick={() => setHidden(true)}>
          {tx.dismiss}
        </button>
      </div>
    </div>
  );
}
