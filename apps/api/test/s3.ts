/**
 * Object storage for tests: a real S3 protocol server (s3rver, its own process: test/s3rver-process.mjs) on a
 * temporary folder, and the S3_* variables that point the app at it. Never a mocked SDK.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { S3Storage } from '../src/lib/s3-storage.js';

export type StorageKind = 'local' | 's3';
export const STORAGE_KINDS: StorageKind[] = ['local', 's3'];

export interface TestS3 {
  env: Record<string, string>;
  /** A client of the bucket, for looking at what the app stored. */
  storage: S3Storage;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'manzil-media'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), dir, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const port = await started.catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
  };
  const storage = new S3Storage({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', forcePathStyle: true });
  return {
    env,
    storage,
    stop: async () => {
      storage.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
