import { useTranslation } from 'react-i18next';
import { useFavorites } from './FavoritesProvider';
import './favorites.css';

/**
 * The heart (issue 27): keeps or forgets a listing, signed in (the account) or out (this device). A toggle
 * button (aria-pressed) named for what a press does. On the server and until hydration it is "not saved".
 */
export function FavoriteButton({ listingId, describedBy, className = '' }: { listingId: number; describedBy?: string; className?: string }) {
  const { t } = useTranslation();
  const { isSaved, toggle } = useFavorites();
  const saved = isSaved(listingId);
  const label = t(saved ? 'favorite.remove' : 'favorite.save');
  return (
    <button
      type="button"
      className={`favorite-button${saved ? ' is-saved' : ''} ${className}`.trim()}
      aria-pressed={saved}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      data-testid={`favorite-${listingId}`}
      onClick={() => toggle(listingId)}
    >
      <i className={`bi ${saved ? 'bi-heart-fill' : 'bi-heart'}`} aria-hidden="true" />
    </button>
  );
}
