/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, s3rver in tests), so several API servers
 * share one set of photos. Served from MEDIA_PUBLIC_URL (a CDN or the bucket's public address) when set,
 * else streamed by the API server under /uploads (plugins/web.ts).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { isValidKey, LocalStorage, publicUrl, type Storage, type StoredObject } from './storage.js';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
  publicUrl?: string;
  /** Keys per list request (S3's most is 1000); tests use small pages to go through the pagination. */
  pageSize?: number;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  constructor(private readonly opts: S3Options) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKey, secretAccessKey: opts.secretKey },
      // Checksums only where S3 requires them: stores other than AWS (MinIO, R2, s3rver) lag behind the SDK's defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  close() {
    this.client.destroy();
  }
  private key(key: string) {
    if (!isValidKey(key)) throw new Error('invalid storage key');
    return key;
  }
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: data, ContentType: contentType }));
  }
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }
  url(key: string): string {
    return publicUrl(this.opts.publicUrl, key);
  }
  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }
  async stat(key: string): Promise<StoredObject | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { key, size: h.ContentLength ?? 0, modified: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }
  async read(key: string) {
    try {
      const o = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return {
        body: o.Body as Readable,
        size: o.ContentLength ?? 0,
        modified: o.LastModified ?? new Date(0),
        contentType: o.ContentType,
        etag: o.ETag,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }
  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.opts.pageSize ?? 1000 }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The bucket of S3_* configuration, or null when uploads stay in DATA_DIR/uploads. */
export function s3FromConfig(config: Config): S3Storage | null {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) return null;
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.MEDIA_PUBLIC_URL,
  });
}

/** The storage the configuration asks for: the bucket when S3_* is set, else the local folder. */
export function createStorage(config: Config): Storage {
  return s3FromConfig(config) ?? new LocalStorage(config.uploadsDir, config.MEDIA_PUBLIC_URL);
}
