import { isRtl, toAppLanguage } from './config';

const BODY_CLASSES = ['lang-ar', 'lang-en', 'rtl', 'ltr'];

/**
 * Reflect the language on the page: <html lang/dir>, body classes `lang-xx` and `rtl`/`ltr`, and the
 * Bootstrap stylesheet (LTR or RTL build). index.html does the same before the first paint.
 * The new stylesheet is loaded beside the old one and the old one removed once it has loaded, so the
 * page never shows unstyled.
 */
export function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  const lng = toAppLanguage(language);
  const dir = isRtl(lng) ? 'rtl' : 'ltr';
  const html = document.documentElement;
  html.lang = lng;
  html.dir = dir;
  document.body?.classList.remove(...BODY_CLASSES);
  document.body?.classList.add(`lang-${lng}`, dir);
  swapBootstrap(dir);
}

function swapBootstrap(dir: 'rtl' | 'ltr'): void {
  const current = document.getElementById('bootstrap-css') as HTMLLinkElement | null;
  if (!current) return;
  const href = current.dataset[dir];
  if (!href || current.getAttribute('href') === href) return;
  const next = current.cloneNode() as HTMLLinkElement;
  next.removeAttribute('id');
  next.href = href;
  const finish = () => {
    current.remove();
    next.id = 'bootstrap-css';
  };
  next.addEventListener('load', finish, { once: true });
  next.addEventListener('error', finish, { once: true });
  current.after(next);
}
