/**
 * The admin lists' status filter (all listings, users, reports): a row of buttons, the chosen one marked
 * `aria-current`. They filter the list below and change the address, so they are buttons in a list and not
 * ARIA tabs, which promise arrow-key movement and a tab panel.
 */
export function StatusFilter<S extends string | null | undefined>({
  label,
  options,
  current,
  text,
  onSelect,
}: {
  label: string;
  options: readonly S[];
  current: S;
  text: (option: S) => string;
  onSelect: (option: S) => void;
}) {
  return (
    <ul className="nav nav-tabs mb-3" aria-label={label}>
      {options.map((s) => (
        <li className="nav-item" key={s ?? 'all'}>
          <button type="button" className={`nav-link${s === current ? ' active' : ''}`} aria-current={s === current ? 'true' : undefined} onClick={() => onSelect(s)}>
            {text(s)}
          </button>
        </li>
      ))}
    </ul>
  );
}
