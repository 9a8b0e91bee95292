import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuth } from '../../account/auth-context';

const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/**
 * "Save this search" (issue 27) on the list, grid and map. `body` gives the page's own POST /listings/search
 * body at the moment of saving (the map's bounds change as it moves). Signed out, it opens the sign-in modal and,
 * once signed in on this page, the dialog.
 */
export function SaveSearchButton({ body, className = '' }: { body: () => Record<string, unknown>; className?: string }) {
  // Its text is the search pages' own (loaded before they hydrate): the button is in the server's HTML, so it
  // moves nothing when the page comes to life.
  const { t } = useTranslation('search');
  const { user, openLogin } = useAuth();
  const [open, setOpen] = useState<{ filters: Record<string, unknown> } | null>(null);
  // Asked while signed out: the dialog opens when the visitor has signed in here, unless they moved on.
  const { pathname: here } = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const signedIn = Boolean(user);
  const bodyRef = useRef(body);
  useEffect(() => {
    bodyRef.current = body;
  });
  useEffect(() => {
    if (pending === null || !signedIn) return;
    if (pending !== here) return setPending(null);
    // After the sign-in modal has gone: closing, it gives focus back to this button, which would take it
    // from the dialog's name field.
    let tries = 0;
    const timer = window.setInterval(() => {
      if (document.querySelector('.modal') && ++tries < 40) return;
      window.clearInterval(timer);
      setPending(null);
      setOpen({ filters: bodyRef.current() });
    }, 50);
    return () => window.clearInterval(timer);
  }, [pending, signedIn, here]);

  const onClick = () => {
    if (!user) {
      setPending(here);
      openLogin('login', { intro: 'saveSearch' });
      return;
    }
    setOpen({ filters: body() });
  };
  return (
    <>
      <button type="button" className={`btn btn-outline-brand save-search-button ${className}`.trim()} onClick={onClick} data-testid="save-search">
        <i className="bi bi-bell" aria-hidden="true" /> {t('saveSearch')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog body={open.filters} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
