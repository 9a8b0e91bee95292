/**
 * Tab and Shift+Tab cycle inside the open modal dialog: any `aria-modal="true"` element that is shown and not
 * inert (react-bootstrap's modals, the search filters' dialog, the navbar's mobile menu). Without it the browser moves
 * on past the last control, to its own toolbar or to the page behind; react-bootstrap only pulls focus back
 * after it has left. One listener for the whole app, so every dialog, present or future, keeps focus.
 */
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]';

const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert]');

/** The dialog's Tab stops in document order (of a radio group, only the checked one or the first). */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.tabIndex < 0 || !shown(el)) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name && !el.checked) {
      const group = dialog.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`);
      return ![...group].some((r) => r.checked) && group[0] === el;
    }
    return true;
  });
}

function onKeyDown(e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = [...document.querySelectorAll<HTMLElement>('[aria-modal="true"]')].filter(shown).at(-1);
  if (!dialog) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && dialog.contains(active) && stops.includes(active);
  if (e.shiftKey ? !inside || active === first : !inside || active === last) {
    // From the last stop on to the first (the first back to the last); from anywhere else, into the dialog.
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/** Starts the trap; answers the function that stops it. */
export function installModalTabTrap(): () => void {
  document.addEventListener('keydown', onKeyDown);
  return () => document.removeEventListener('keydown', onKeyDown);
}
