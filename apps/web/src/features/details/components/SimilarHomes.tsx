import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SimilarListings } from '@manzil/shared';
import { apiFetch } from '../../../api/client';
import { ListingCard } from '../../../components/listing-card/ListingCard';
import { RetryAlert } from '../../../components/RetryAlert';
import './similar-homes.css';

/** GET /listings/{id}/similar (issue 28). Signed in, the token goes along: an owner may open their own hidden listing. */
function useSimilarHomes(listingId: number, token: string | null) {
  return useQuery({
    queryKey: ['listings', 'similar', listingId, token ? 'auth' : 'anon'] as const,
    queryFn: ({ signal }) => apiFetch<SimilarListings>(`/listings/${listingId}/similar`, { auth: Boolean(token), public: !token, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * "Similar homes" under a listing's details: up to 8 cards, nearest first. Mounted by the details page only when
 * the visitor scrolls near it (MountWhenNear), so neither its request nor this chunk is part of the page's first
 * load, its server render or its hydration. Below everything else on the page: growing from the skeleton to
 * the cards moves nothing a visitor is reading.
 */
export default function SimilarHomes({ listingId, token }: { listingId: number; token: string | null }) {
  const { t } = useTranslation('details');
  const q = useSimilarHomes(listingId, token);
  return (
    <section className="details-section similar-homes" aria-labelledby="details-similar" aria-busy={q.isPending} data-testid="similar-homes">
      <h2 id="details-similar" className="details-section-title">
        {t('similar.title')}
      </h2>
      {q.isPending ? (
        <SimilarSkeleton label={t('similar.loading')} />
      ) : q.isError ? (
        <RetryAlert message={t('similar.failed')} onRetry={() => void q.refetch()} busy={q.isFetching} />
      ) : q.data.items.length === 0 ? (
        <p className="text-body-secondary mb-0" data-testid="similar-none">
          {t('similar.none')}
        </p>
      ) : (
        <>
          <p className="text-body-secondary small similar-homes-lead">{t('similar.lead')}</p>
          <ul className="similar-homes-list list-unstyled" aria-labelledby="details-similar">
            {q.data.items.map((l) => (
              <li key={l.id}>
                <ListingCard listing={l} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SimilarSkeleton({ label }: { label: string }) {
  return (
    <div className="placeholder-glow">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <ul className="similar-homes-list list-unstyled" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="similar-homes-skeleton">
            <div className="placeholder w-100 rounded similar-homes-skeleton-photo" />
            <div className="placeholder col-9 mt-3 rounded" />
            <div className="placeholder col-5 mt-2 rounded" />
            <div className="placeholder col-7 mt-2 rounded" />
          </li>
        ))}
      </ul>
    </div>
  );
}
