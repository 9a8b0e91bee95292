/**
 * Data saver (issue 30): photos stored before migration 032 have no per-variant sizes. This fills
 * listing_media.variant_bytes from storage (one stat per file), a batch at a time, at server start. A file that is
 * missing counts 0 bytes, so the row is not asked about again; uploads and the demo seed write the sizes themselves.
 */
import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';

type Log = { info: (msg: string) => void; error: (msg: string) => void };
const BATCH = 200;

export async function backfillVariantBytes(db: Database, storage: Storage, opts: { signal?: AbortSignal } = {}): Promise<number> {
  let filled = 0;
  for (;;) {
    if (opts.signal?.aborted) return filled;
    const rows = await db.selectFrom('listing_media').select(['id', 'storage_key', 'widths']).where('variant_bytes', 'is', null).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return filled;
    for (const r of rows) {
      const sizes = await Promise.all(r.widths.map(async (w) => (await storage.stat(`${r.storage_key}-${w}.webp`).catch(() => null))?.size ?? 0));
      await db.updateTable('listing_media').set({ variant_bytes: sizes }).where('id', '=', r.id).execute();
      filled += 1;
    }
  }
}

/** Runs the backfill once in the background; the server does not wait for it (sizes show as they are known). */
export function startVariantBytesBackfill(db: Database, storage: Storage, log: Log): () => Promise<void> {
  const stop = new AbortController();
  const run = backfillVariantBytes(db, storage, { signal: stop.signal })
    .then((n) => {
      if (n) log.info(`media: recorded the file sizes of ${n} older photos (data saver)`);
    })
    .catch((err: Error) => log.error(`media: sizes of older photos not recorded: ${err.message}`));
  return async () => {
    stop.abort();
    await run;
  };
}
