/**
 * File storage behind one interface: a local folder now (served under /uploads); an object store can
 * implement the same three calls. Keys are relative paths like `listings/12/ab12cd-960.webp`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL, relative to the site (DESIGN §5: `file_url` is relative). */
  url(key: string): string;
  exists(key: string): Promise<boolean>;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}
  private file(key: string) {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return full;
  }
  async put(key: string, data: Buffer): Promise<void> {
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
    return `/uploads/${key}`;
  }
  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.file(key));
      return true;
    } catch {
      return false;
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
