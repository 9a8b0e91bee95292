/**
 * The start-up backfill of photo sizes (migration 032, modules/media/variant-bytes.ts) asks, at every server start,
 * for photos whose sizes are not yet known. Once filled that is none, and this index, which holds only those
 * rows, answers at once instead of scanning every photo of every listing at each start.
 */
export const up = `
create index if not exists listing_media_sizes_pending_idx on listing_media (id) where variant_bytes is null;
`;
