/**
 * The one place that reads the environment (DESIGN §3). Every variable is optional and validated;
 * a bad value stops start-up with a message naming the variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_EXCHANGE_RATES } from '@manzil/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL (${protocols.join(' or ')})`);

const rates = z.string().transform((v, ctx) => {
  const out: Record<string, number> = {};
  for (const part of v.split(',')) {
    const [code, value] = part.split('=').map((s) => s.trim());
    const n = Number(value);
    if (!code || !/^[A-Z]{3}$/.test(code) || !Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: 'expected a list like USD=1,SAR=3.75,YER=530' });
      return z.NEVER;
    }
    out[code] = n;
  }
  for (const needed of ['USD', 'SAR', 'YER']) {
    if (!out[needed]) {
      ctx.addIssue({ code: 'custom', message: `missing a rate for ${needed}` });
      return z.NEVER;
    }
  }
  return out;
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /**
   * Connections this server keeps to PostgreSQL. More than about twice the database's cores only adds
   * backends that wait for CPU (`npm run bench` on 2 cores: 20 connections did no better than 10).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: bool.default(true),
  LOCATIONS_SOURCE: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Manzil <no-reply@manzil.local>'),
  PLATFORM_INBOX: z.email().optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Bucket in the path (`host/bucket/key`), as MinIO and s3rver want; false for virtual-hosted buckets. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Where browsers fetch uploads from (a CDN or the bucket's public address); unset: this server's /uploads. */
  MEDIA_PUBLIC_URL: url(['http:', 'https:']).transform((v) => v.replace(/\/+$/, '')).optional(),
  /** Upload files no row points to are removed once this old (modules/media/sweep.ts). */
  MEDIA_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).default(3600),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SATELLITE_TILE_URL: z
    .string()
    .min(1)
    .default('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'),
  EXCHANGE_RATES: rates.optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: bool.default(true),
  /**
   * How long a search total is kept for the same filters (0: count every time). This server forgets them all
   * whenever a listing changes; other servers catch up within this time (modules/search/count-cache.ts).
   */
  SEARCH_COUNT_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How often the views counted are written to the database (modules/listings/views.ts; 0: only at close). */
  VIEWS_FLUSH_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** How often favourites' price drops are looked for and mailed (modules/favorites/price-drop.ts; 1 s to 1 day). */
  PRICE_DROP_CHECK_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** How often listings are expired, reminded and taken off the market (modules/listings/expiry.ts; 1 s to 1 day). */
  EXPIRY_CHECK_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /** The local hour (Asia/Aden, 0-23) at which daily and weekly saved-search digests go out (modules/alerts). */
  ALERTS_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** The day weekly digests go out, at ALERTS_DIGEST_HOUR: the first day of the Yemeni week by default. */
  ALERTS_WEEKLY_DAY: z.enum(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']).default('sat'),
  /** Trust X-Forwarded-For from a reverse proxy (only behind one; otherwise clients could fake their address). */
  TRUST_PROXY: bool.default(false),
});

export type Config = Omit<z.infer<typeof envSchema>, 'EXCHANGE_RATES'> & {
  EXCHANGE_RATES: Record<string, number>;
  JWT_SECRET: string;
  repoRoot: string;
  uploadsDir: string;
};

export class ConfigError extends Error {}

/** Where the shared locations data lives in development and tests, if it is there. */
export function defaultLocationsSource(): string {
  const shared = path.resolve(repoRoot, '../shared/data/yemen-locations/yemen-info.json');
  if (fs.existsSync(shared)) return shared;
  return 'https://raw.githubusercontent.com/YemenOpenSource/Yemen-info/main/yemen-info.json';
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const s3 = { S3_ENDPOINT: c.S3_ENDPOINT, S3_BUCKET: c.S3_BUCKET, S3_ACCESS_KEY: c.S3_ACCESS_KEY, S3_SECRET_KEY: c.S3_SECRET_KEY };
  const unset = Object.entries(s3).filter(([, v]) => !v).map(([k]) => k);
  if (unset.length > 0 && unset.length < 4) {
    // Half a bucket configuration would silently keep uploads on this server's disk.
    throw new ConfigError(
      `Invalid configuration:\n  ${unset[0]}: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together (missing: ${unset.join(', ')})`,
    );
  }
  if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    LOCATIONS_SOURCE: c.LOCATIONS_SOURCE ?? defaultLocationsSource(),
    EXCHANGE_RATES: c.EXCHANGE_RATES ?? DEFAULT_EXCHANGE_RATES,
    JWT_SECRET: c.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    WEB_DIST_DIR: path.resolve(c.WEB_DIST_DIR),
    repoRoot,
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}

/** For commands: the configuration, or its error on stderr and exit code 2 (not a stack trace). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
