/**
 * Drops the Bootstrap rules the shipped app can never match, with PurgeCSS.
 *
 * PurgeCSS keeps a selector when every class in it occurs as a word somewhere in the content: here every
 * JavaScript chunk, index.html and the app's own CSS of the build. What it cannot see are classes that code
 * joins from pieces at run time; those are SAFELIST below, each from the place that builds it. A class missing
 * from it shows as an unstyled element, so a new `variant=`, `size=`, `bg=`, `placement=`… on a react-bootstrap
 * component, or a new `prefix-${…}` class in the app, needs its line here.
 */
import { PurgeCSS } from 'purgecss';

export const SAFELIST = [
  // react-bootstrap Modal/ModalDialog: `${p}-dialog`, `${p}-backdrop`, `${p}-static` (static backdrop clicked),
  // size="lg", centered, fullscreen="sm-down" (DrawAreaModal, the dialogs).
  'modal-dialog', 'modal-backdrop', 'modal-static', 'modal-lg', 'modal-dialog-centered', 'modal-fullscreen-sm-down',
  // Button/Alert `${p}-${variant}` (default primary) and `${p}-${size}`, Alert dismissible, Spinner `${p}-${animation}-${size}`.
  'btn-primary', 'btn-sm', 'btn-light', 'btn-danger', 'btn-outline-secondary', 'btn-outline-danger',
  'alert-primary', 'alert-light', 'alert-dismissible', 'spinner-border', 'spinner-border-sm',
  // Badge `bg-${bg}` `text-${text}` (DetailsHeader).
  'bg-primary', 'bg-light', 'bg-dark', 'bg-danger', 'bg-warning', 'text-dark',
  // The app's own: `text-bg-${status}` (admin, my properties, add property), `alert-${kind}` (banners),
  // `text-${color}` (admin dashboard).
  'text-bg-success', 'text-bg-danger', 'text-bg-warning', 'text-bg-secondary',
  'alert-success', 'alert-danger', 'alert-warning', 'alert-info',
  'text-warning', 'text-success', 'text-danger', 'text-primary',
];

export interface Content {
  raw: string;
  extension: string;
}

export async function purgeBootstrap(css: string, content: Content[]): Promise<{ css: string; rejected: number }> {
  const [out] = await new PurgeCSS().purge({ content, css: [{ raw: css }], safelist: { standard: SAFELIST }, rejected: true });
  if (!out) throw new Error('purgecss: no output');
  return { css: out.css, rejected: out.rejected?.length ?? 0 };
}
