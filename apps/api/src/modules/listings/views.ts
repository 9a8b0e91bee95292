/**
 * Views of a listing's details (issue 26): counted once per visitor and listing per day, and written to the
 * database in batches, outside the request. A read used to run an UPDATE of the listing: a write on the read
 * path, which also moved the listing's revision and so made search pages write it again.
 *
 * A visitor is the signed-in account, else a hash of the client address and user agent with a salt of the day
 * (random, shared by the servers through Redis, forgotten after two days): no address is kept. With REDIS_URL
 * the day's visitors of each listing and the pending increments live in Redis, so several servers count a
 * visitor once and each flush takes the increments it writes atomically (read and clear in one script): an
 * increment is written by exactly one server. Without Redis both live in this process. Each flush is one
 * UPDATE per 1,000 listings, and it leaves the revision alone (migration 017).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../../db/client.js';

/** Who is reading: the account, or the client's address and user agent (hashed, never kept). */
export type Visitor = { userId: number } | { ip: string; userAgent: string };

/** Visitor keys this process keeps for the day without Redis (~100 bytes each); past it the oldest go. */
const MAX_SEEN = 100_000;
/** Listings per UPDATE statement (two parameters each). */
const BATCH = 1000;
/** The day's visitor sets and salt outlive the day, for a read at midnight on a slow clock. */
const DAY_TTL_SECONDS = 2 * 24 * 3600;

/** Adds the visitor to the listing's set of the day; a new visitor adds one to the listing's pending views. */
const RECORD = `if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) redis.call('HINCRBY', KEYS[2], ARGV[2], 1) return 1 end return 0`;
/** The pending views, read and cleared at once: no other server can take the same increments. */
const TAKE = `local v = redis.call('HGETALL', KEYS[1]) redis.call('DEL', KEYS[1]) return v`;

type Log = { warn: (o: object, m: string) => void };

export class ViewCounter {
  private readonly pending = new Map<number, number>();
  private seen = new Set<string>();
  private seenDay = '';
  private salt: { day: string; value: Promise<string> } | null = null;
  /** Views being recorded in Redis: a flush waits for them, so a view recorded before it is in it. */
  private readonly recording = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Database,
    private readonly redis: Redis | null,
    private readonly opts: { flushMs: number; keyPrefix?: string; log?: Log; now?: () => Date } = { flushMs: 5000 },
  ) {
    if (opts.flushMs > 0) {
      this.timer = setInterval(() => void this.flush().catch((err) => this.opts.log?.warn({ err }, 'views could not be written')), opts.flushMs);
      this.timer.unref();
    }
  }

  private get prefix() {
    return this.opts.keyPrefix ?? 'manzil:views';
  }

  private day(): string {
    return (this.opts.now?.() ?? new Date()).toISOString().slice(0, 10);
  }

  /** Counts a view unless this visitor viewed this listing today. Never throws: a lost view is not an error. */
  record(listingId: number, visitor: Visitor): void {
    const p = this.recordNow(listingId, visitor).catch((err) => this.opts.log?.warn({ err, listingId }, 'a view could not be counted'));
    this.recording.add(p);
    void p.finally(() => this.recording.delete(p));
  }

  private async recordNow(listingId: number, visitor: Visitor): Promise<void> {
    const day = this.day();
    const who = 'userId' in visitor ? `u${visitor.userId}` : `a${await this.hashOf(day, visitor)}`;
    if (this.redis) {
      await this.redis.eval(RECORD, 2, `${this.prefix}:seen:${day}:${listingId}`, `${this.prefix}:pending`, who, String(listingId), String(DAY_TTL_SECONDS));
      return;
    }
    if (day !== this.seenDay) {
      this.seen = new Set();
      this.seenDay = day;
    }
    const key = `${listingId}:${who}`;
    if (this.seen.has(key)) return;
    if (this.seen.size >= MAX_SEEN) {
      // Sets iterate in insertion order: the first keys are the oldest.
      const drop = this.seen.values();
      for (let i = 0; i < MAX_SEEN / 10; i++) this.seen.delete(drop.next().value!);
    }
    this.seen.add(key);
    this.pending.set(listingId, (this.pending.get(listingId) ?? 0) + 1);
  }

  private async hashOf(day: string, v: { ip: string; userAgent: string }): Promise<string> {
    const salt = await this.saltOf(day);
    return createHash('sha256').update(salt).update('\0').update(v.ip).update('\0').update(v.userAgent).digest('base64url').slice(0, 22);
  }

  /** The day's salt: one per day for every server on the Redis (the first to ask sets it), else this process's. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const fresh = randomBytes(16).toString('base64url');
      const redis = this.redis;
      const key = `${this.prefix}:salt:${day}`;
      const value = redis
        ? redis.set(key, fresh, 'EX', DAY_TTL_SECONDS, 'NX').then(async () => (await redis.get(key)) ?? fresh)
        : Promise.resolve(fresh);
      this.salt = { day, value };
      // A failed read is asked again next time rather than kept.
      value.catch(() => {
        if (this.salt?.value === value) this.salt = null;
      });
    }
    return this.salt.value;
  }

  /** Writes the views counted so far; one flush at a time. Resolves to the number of views written. */
  flush(): Promise<number> {
    this.flushing = this.flushing.catch(() => 0).then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<number> {
    await Promise.allSettled([...this.recording]);
    const batch = await this.take();
    if (batch.size === 0) return 0;
    try {
      await write(this.db, batch);
    } catch (err) {
      await this.giveBack(batch);
      throw err;
    }
    let n = 0;
    for (const v of batch.values()) n += v;
    return n;
  }

  private async take(): Promise<Map<number, number>> {
    if (!this.redis) {
      const batch = new Map(this.pending);
      this.pending.clear();
      return batch;
    }
    const flat = (await this.redis.eval(TAKE, 1, `${this.prefix}:pending`)) as string[];
    const batch = new Map<number, number>();
    for (let i = 0; i < flat.length; i += 2) batch.set(Number(flat[i]), Number(flat[i + 1]));
    return batch;
  }

  /** A batch the database refused goes back to the pending views, for the next flush. */
  private async giveBack(batch: Map<number, number>) {
    if (!this.redis) {
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      return;
    }
    const m = this.redis.multi();
    for (const [id, n] of batch) m.hincrby(`${this.prefix}:pending`, String(id), n);
    await m.exec();
  }

  /** Stops the timer and writes what is left (the app's onClose, before the database and Redis close). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/**
 * One UPDATE per 1,000 listings, all in one transaction so a batch given back after a failure was not written in
 * part. A listing deleted meanwhile matches no row and its views go with it.
 */
async function write(db: Database, batch: Map<number, number>) {
  const rows = [...batch];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const values = sql.join(rows.slice(i, i + BATCH).map(([id, n]) => sql`(${id}::integer, ${n}::integer)`));
      await sql`update listings set views = listings.views + v.n from (values ${values}) as v(id, n) where listings.id = v.id`.execute(trx);
    }
  });
}
