/**
 * File storage behind one interface: a local folder (served under /uploads) or an S3-compatible bucket
 * (lib/s3-storage.ts). Keys are relative paths like `listings/12/ab12cd-960.webp`.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL: relative to the site (DESIGN §5), or under MEDIA_PUBLIC_URL when that is set. */
  url(key: string): string;
  exists(key: string): Promise<boolean>;
  /** Size and age of one object, null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, null when there is none. */
  read(key: string): Promise<{ body: Readable; size: number; modified: Date; contentType?: string; etag?: string } | null>;
  /** Every stored object (LocalStorage's `*.tmp` parts included), fetched page by page. */
  list(): AsyncIterable<StoredObject>;
  /** Lets go of connections (the bucket's HTTP sockets). */
  close?(): void;
}

/** Keys are ours (`listings/<id>/<hex>-<width>.webp`), but the /uploads route hands the client's path in. */
export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) && !key.split('/').some((p) => p === '..' || p === '.');
}

export function publicUrl(base: string | undefined, key: string): string {
  return base ? `${base.replace(/\/+$/, '')}/${key}` : `/uploads/${key}`;
}

export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicBase?: string,
  ) {}
  private file(key: string) {
    const full = path.resolve(this.root, key);
    if (!isValidKey(key) || !full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return full;
  }
  /** The file's name says its type, so `_contentType` is not kept. */
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const f = this.file(key);
    await fs.mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, f);
  }
  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
  url(key: string): string {
    return publicUrl(this.publicBase, key);
  }
  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }
  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(this.file(key));
      return s.isFile() ? { key, size: s.size, modified: s.mtime } : null;
    } catch {
      return null;
    }
  }
  async read(key: string) {
    const s = await this.stat(key);
    return s ? { body: createReadStream(this.file(key)), size: s.size, modified: s.modified } : null;
  }
  async *list(): AsyncIterable<StoredObject> {
    const root = path.resolve(this.root);
    let entries;
    try {
      entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (!e.isFile()) continue;
      const full = path.join(e.parentPath, e.name);
      const s = await fs.stat(full).catch(() => null); // gone since the listing: skip it
      if (s) yield { key: path.relative(root, full).split(path.sep).join('/'), size: s.size, modified: s.mtime };
    }
  }
}

/** Every stored file of one image: `<storage_key>-<width>.webp` per variant width. */
export function mediaFileKeys(media: { storage_key: string; widths: number[] }): string[] {
  return media.widths.map((w) => `${media.storage_key}-${w}.webp`);
}

/** Delete the files of many images; failures are logged by the caller, never block the request. */
export async function deleteMediaFiles(storage: Storage, media: { storage_key: string; widths: number[] }[]) {
  const results = await Promise.allSettled(media.flatMap((m) => mediaFileKeys(m).map((k) => storage.delete(k))));
  return results.filter((r) => r.status === 'rejected').length;
}
