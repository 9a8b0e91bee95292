import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollLock } from '../../../components/useScrollLock';

/**
 * Where the search filters sit: beside the results on a wide screen; on a phone, in a panel from the reading
 * direction's end, the browser's own modal `<dialog>`: the page behind is inert, Escape or a tap outside closes
 * it, focus goes back to the Filters button. No modal library code for a phone to download.
 */
export function FiltersPanel(props: { wide: boolean; show: boolean; onHide: () => void; title: string; closeLabel: string; children: ReactNode }) {
  const { wide, show, onHide, title, closeLabel, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (show && !dialog.open) dialog.showModal();
    else if (!show && dialog.open) dialog.close();
  }, [show, wide]);
  useScrollLock(show && !wide);
  // Grown past the breakpoint while open: the filters are on the page now.
  useEffect(() => {
    if (wide && show) onHide();
  }, [wide, show, onHide]);

  if (wide) return <div id="search-filters">{children}</div>;
  return (
    <dialog
      ref={ref}
      id="search-filters"
      className="filters-dialog"
      aria-labelledby="search-filters-title"
      // Implied by showModal(); said so that the app's Tab trap (components/modalTabTrap) keeps Tab inside too.
      aria-modal="true"
      onClose={onHide}
      // The dialog's own box is only its backdrop's edge: its content fills it, so a click on it is outside.
      onClick={(e) => e.target === e.currentTarget && onHide()}
    >
      <div className="filters-dialog-content">
        <div className="filters-dialog-header">
          <h2 id="search-filters-title" className="h5 mb-0">
            {title}
          </h2>
          <button type="button" className="btn-close" aria-label={closeLabel} onClick={onHide} />
        </div>
        <div className="filters-dialog-body">{children}</div>
      </div>
    </dialog>
  );
}
