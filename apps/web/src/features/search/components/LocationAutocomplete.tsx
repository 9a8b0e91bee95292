import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TIMINGS } from '@manzil/shared';
import { fetchLocationSuggestions, type Suggestion } from '../api/search';
import { isCity, suggestionLabel } from '../lib/locations';

export interface LocationAutocompleteProps {
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was picked (its ids are used for the search); null when the text is edited again. */
  onSelect: (s: Suggestion | null) => void;
  /** "Advanced location search" action with the current text. */
  onAdvanced: (text: string) => void;
  /** "Draw a map" action. */
  onDraw: () => void;
  label: string;
  placeholder?: string;
}

/**
 * Spec §2 "Search box": suggestions after 2 characters and a 300 ms pause, 6 of them, plus two actions
 * (advanced location search, draw a map); closes 200 ms after blur so a click on an option still lands.
 * An ARIA 1.2 combobox: arrows move, Enter picks, Escape closes.
 */
export function LocationAutocomplete({ value, onChange, onSelect, onAdvanced, onDraw, label, placeholder }: LocationAutocompleteProps) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ar';
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typed = useRef(false);

  useEffect(() => {
    const q = value.trim();
    if (!typed.current || q.length < LIMITS.locationSearchMin) {
      setItems([]);
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      fetchLocationSuggestions(q, LIMITS.autocompleteResults, ctrl.signal)
        .then((list) => {
          setItems(list);
          setActive(-1);
        })
        .catch(() => setItems([])) // spec §8: location list errors are only logged
        .finally(() => setLoading(false));
    }, TIMINGS.autocompleteDebounceMs);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [value]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const actions = [
    { key: 'advanced', label: t('advancedLocationSearch'), icon: 'bi-sliders', run: () => onAdvanced(value.trim()) },
    { key: 'draw', label: t('drawOnMap'), icon: 'bi-pencil-square', run: onDraw },
  ];
  const count = items.length + actions.length;
  const showList = open && value.trim().length >= LIMITS.locationSearchMin;

  const pick = (index: number) => {
    if (index < items.length) {
      const s = items[index]!;
      typed.current = false;
      onChange(suggestionLabel(s, lang));
      onSelect(s);
    } else {
      actions[index - items.length]?.run();
    }
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % count);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? count - 1 : a - 1));
    } else if (e.key === 'Enter' && showList && active >= 0) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape') {
      if (showList) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className="location-ac">
      <label htmlFor={`${id}-input`} className="form-label">
        {label}
      </label>
      <div className="position-relative">
        <i className="bi bi-geo-alt location-ac-icon" aria-hidden="true" />
        <input
          id={`${id}-input`}
          type="text"
          className="form-control location-ac-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          maxLength={LIMITS.searchTextMax}
          onChange={(e) => {
            typed.current = true;
            onChange(e.target.value);
            onSelect(null);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), TIMINGS.autocompleteBlurCloseMs);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label={label} className={`location-ac-list ${showList ? 'show' : ''}`} hidden={!showList}>
          {loading && items.length === 0 && (
            <li className="location-ac-status" role="presentation">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" /> {t('searchingPlaces')}
            </li>
          )}
          {!loading && items.length === 0 && (
            <li className="location-ac-status" role="presentation">
              {t('noPlaces')}
            </li>
          )}
          {items.map((s, i) => (
            <li
              key={`${s.type}-${s.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={active === i}
              className={`location-ac-option ${active === i ? 'active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(i)}
              onMouseEnter={() => setActive(i)}
            >
              <i className="bi bi-geo-alt" aria-hidden="true" />
              <span>
                <span className="location-ac-name">{lang === 'ar' ? s.name_ar : s.name_en}</span>
                <small className="location-ac-path">
                  {t(isCity(s) ? 'level.city' : `level.${s.type}`)} · {lang === 'ar' ? s.displayTextAr : s.displayText}
                </small>
              </span>
            </li>
          ))}
          {actions.map((a, k) => {
            const i = items.length + k;
            return (
              <li
                key={a.key}
                id={optionId(i)}
                role="option"
                aria-selected={active === i}
                className={`location-ac-option location-ac-action ${active === i ? 'active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(i)}
                onMouseEnter={() => setActive(i)}
              >
                <i className={`bi ${a.icon}`} aria-hidden="true" />
                <span>{a.label}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
