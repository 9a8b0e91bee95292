/**
 * `npm run media:add-copies`: gives the photos stored before a width joined IMAGE_VARIANT_WIDTHS (720 px, December
 * 2026) the copies an upload makes today, each drawn from the narrowest copy the photo has that is wider. Run it
 * once after upgrading, on one server, with the configuration the servers use (the database and DATA_DIR or the
 * bucket; with PGlite, while the server is stopped). A photo that has every copy is skipped, so running it again
 * makes only what failed.
 */
import { buffer } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { sql, type SqlBool } from 'kysely';
import { openConfiguredDatabase } from '../../bootstrap.js';
import { loadConfigOrExit } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createStorage } from '../../lib/s3-storage.js';
import type { Storage } from '../../lib/storage.js';
import { encodeVariant, variantWidths } from './service.js';

export interface AddCopiesResult {
  /** Photos that got the copies they lacked. */
  photos: number;
  copies: number;
  /** Photos left as they were: no wider copy to draw from, a file missing or not decodable. */
  failed: number;
}

const BATCH = 200;

async function readFile(storage: Storage, key: string): Promise<Buffer> {
  const object = await storage.read(key);
  if (!object) throw new Error(`${key} is not in storage`);
  return buffer(object.body);
}

export async function addMissingCopies(
  db: Database,
  storage: Storage,
  opts: { onError?: (photoId: number, err: Error) => void } = {},
): Promise<AddCopiesResult> {
  const result: AddCopiesResult = { photos: 0, copies: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('listing_media')
      .select(['id', 'storage_key', 'widths', 'variant_bytes', 'width', 'bytes'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    for (const r of rows) {
      const missing = variantWidths(r.width).filter((w) => !r.widths.includes(w));
      if (missing.length === 0) continue;
      const made: { width: number; bytes: number }[] = [];
      const kept = [...r.widths].sort((a, b) => a - b);
      try {
        for (const w of missing) {
          const from = kept.find((x) => x > w);
          if (from === undefined) throw new Error(`no copy wider than ${w} px to draw it from`);
          const copy = await encodeVariant(await readFile(storage, `${r.storage_key}-${from}.webp`), w);
          await storage.put(`${r.storage_key}-${w}.webp`, copy.data, 'image/webp');
          made.push({ width: w, bytes: copy.data.length });
        }
      } catch (err) {
        result.failed += 1;
        opts.onError?.(r.id, err as Error);
        continue; // a copy written before the failure is an orphan the media sweep removes
      }
      const all = [...r.widths.map((width, i) => ({ width, bytes: r.variant_bytes?.[i] ?? 0 })), ...made].sort((a, b) => a.width - b.width);
      // Only over the row as read: a photo deleted or changed meanwhile keeps what it has (the sweep takes the files).
      const updated = await db
        .updateTable('listing_media')
        .set({
          widths: all.map((v) => v.width),
          // Sizes not known yet (photos from before migration 032) stay unknown: the start-up backfill reads them all.
          variant_bytes: r.variant_bytes ? all.map((v) => v.bytes) : null,
          bytes: Number(r.bytes) + made.reduce((n, v) => n + v.bytes, 0),
        })
        .where('id', '=', r.id)
        .where(sql<SqlBool>`widths = ${r.widths}::int[]`)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        result.photos += 1;
        result.copies += made.length;
      }
    }
  }
}

async function main() {
  const config = loadConfigOrExit();
  // PGlite's folder takes one process at a time: with it, run this while the server is stopped.
  const database = await openConfiguredDatabase(config);
  const storage = createStorage(config);
  console.log('media:add-copies: the copies photos stored before lack …');
  const result = await addMissingCopies(database.db, storage, { onError: (id, err) => console.error(`  photo ${id}: ${err.message}`) });
  storage.close?.();
  await database.close();
  console.log(`media:add-copies: photos given their copies ${result.photos} (copies made ${result.copies}), photos that failed ${result.failed}`);
  process.exit(result.failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
