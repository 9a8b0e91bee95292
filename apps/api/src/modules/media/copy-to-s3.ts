/**
 * `npm run media:copy-to-s3`: copies DATA_DIR/uploads into the bucket of S3_* configuration, for moving a
 * single-server install to object storage. Objects already there with the same size are skipped, so running it
 * again (after an interruption, or just before switching over) copies only what is missing.
 */
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { loadConfigOrExit } from '../../config.js';
import { s3FromConfig } from '../../lib/s3-storage.js';
import { LocalStorage, type Storage } from '../../lib/storage.js';

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: number;
}

const TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png' };

export async function copyToBucket(
  from: LocalStorage,
  to: Storage,
  opts: { concurrency?: number; onProgress?: (r: CopyResult) => void; onError?: (key: string, err: Error) => void } = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: 0 };
  const copyOne = async (key: string, size: number) => {
    try {
      const there = await to.stat(key);
      if (there && there.size === size) {
        result.skipped += 1;
        return;
      }
      const object = await from.read(key);
      if (!object) return; // removed since the listing
      await to.put(key, await buffer(object.body), TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
      result.copied += 1;
    } catch (err) {
      result.failed += 1;
      opts.onError?.(key, err as Error);
    }
    if ((result.copied + result.skipped + result.failed) % 500 === 0) opts.onProgress?.({ ...result });
  };
  const running = new Set<Promise<void>>();
  for await (const obj of from.list()) {
    if (obj.key.endsWith('.tmp')) continue; // an unfinished write, nobody's photo
    const p = copyOne(obj.key, obj.size).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= (opts.concurrency ?? 8)) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}

async function main() {
  const config = loadConfigOrExit();
  const bucket = s3FromConfig(config);
  if (!bucket) {
    console.error('media:copy-to-s3: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY to the bucket to copy into');
    process.exit(2);
  }
  console.log(`media:copy-to-s3: ${config.uploadsDir} → ${config.S3_BUCKET} at ${config.S3_ENDPOINT}`);
  const result = await copyToBucket(new LocalStorage(config.uploadsDir), bucket, {
    onProgress: (r) => console.log(`  … copied ${r.copied}, already there ${r.skipped}, failed ${r.failed}`),
    onError: (key, err) => console.error(`  ${key}: ${err.message}`),
  });
  bucket.close();
  console.log(`media:copy-to-s3: copied ${result.copied}, already there ${result.skipped}, failed ${result.failed}`);
  // Failures are worth a second run: what was copied is skipped then.
  process.exit(result.failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
