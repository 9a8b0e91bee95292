/**
 * Removes upload files no listing_media row points to: an upload writes its files before the row commits, so a
 * crash in between (or a delete whose file removal failed) leaves orphans, and LocalStorage.put leaves `*.tmp`
 * parts when killed mid-write. Only files older than the grace period go: a younger one may belong to an upload
 * still on its way to the commit. Runs at server start and every hour (startMediaSweeper), on either storage.
 */
import type { Database } from '../../db/client.js';
import type { Storage, StoredObject } from '../../lib/storage.js';

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };

/** `listings/<id>/<hex>-<width>.webp`: the variant files addImage and the demo seed write (mediaFileKeys). */
const VARIANT = /^(listings\/\d+\/[0-9a-f]+)-(\d+)\.webp$/;
const BATCH = 500;

export interface SweepResult {
  scanned: number;
  removed: number;
  /** Too young to judge, or unknown to this sweep (not ours). */
  skipped: number;
  failed: number;
}

export async function sweepOrphans(db: Database, storage: Storage, opts: { graceMs: number; now?: number }): Promise<SweepResult> {
  const cutoff = (opts.now ?? Date.now()) - opts.graceMs;
  const result: SweepResult = { scanned: 0, removed: 0, skipped: 0, failed: 0 };
  const remove = async (key: string) => {
    try {
      await storage.delete(key);
      result.removed += 1;
    } catch {
      result.failed += 1;
    }
  };
  let batch: { obj: StoredObject; storageKey: string; width: number }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const keys = [...new Set(batch.map((b) => b.storageKey))];
    const rows = await db.selectFrom('listing_media').select(['storage_key', 'widths']).where('storage_key', 'in', keys).execute();
    const widths = new Map(rows.map((r) => [r.storage_key, new Set(r.widths.map(Number))]));
    for (const b of batch) {
      if (!widths.get(b.storageKey)?.has(b.width)) await remove(b.obj.key);
    }
    batch = [];
  };
  for await (const obj of storage.list()) {
    result.scanned += 1;
    if (obj.modified.getTime() > cutoff) {
      result.skipped += 1;
      continue;
    }
    if (obj.key.endsWith('.tmp')) {
      await remove(obj.key);
      continue;
    }
    const m = VARIANT.exec(obj.key);
    if (!m) {
      result.skipped += 1;
      continue;
    }
    batch.push({ obj, storageKey: m[1]!, width: Number(m[2]) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}

/**
 * Sweeps once now and then every `intervalMs`; timers are unref'd so they never keep the process alive.
 * The returned stop waits for a sweep in progress.
 */
export function startMediaSweeper(
  db: Database,
  storage: Storage,
  log: Log,
  opts: { graceMs: number; intervalMs?: number },
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running = sweepOrphans(db, storage, { graceMs: opts.graceMs })
      .then((r) => {
        if (r.removed || r.failed) log.info(`media sweep: removed ${r.removed} orphan file(s) of ${r.scanned}${r.failed ? `, ${r.failed} failed` : ''}`);
      })
      .catch((err) => log.warn(`media sweep failed: ${(err as Error).message}`))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(run, opts.intervalMs ?? 3600_000).unref();
      });
  };
  timer = setTimeout(run, 0).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
