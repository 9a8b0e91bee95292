/**
 * Limits per account (and per e-mail address), beside @fastify/rate-limit's per client address: counted in
 * Redis when REDIS_URL is set, so every server sees the same counts, else in this process. Each is set well
 * above what a real owner does in the window. RATE_LIMITS=false turns them off (benchmarks, browser journeys).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@manzil/shared';
import { tooManyRequests } from '../../lib/errors.js';

export const ACCOUNT_LIMITS = {
  /** Failed sign-ins on one account (by e-mail, known or not), then 429 until the window passes. */
  failedSignIns: { points: 10, duration: 15 * 60 },
  listingCreate: { points: 50, duration: 3600 },
  imageUpload: { points: 300, duration: 3600 },
  profileChange: { points: 20, duration: 3600 },
  /** Verification e-mails one account may ask for. */
  verificationMail: { points: 5, duration: 3600 },
  /** Reset e-mails sent to one address; past it the request still answers 202 and sends nothing. */
  resetMail: { points: 5, duration: 3600 },
} as const;

export type LimitName = keyof typeof ACCOUNT_LIMITS;

export class AccountLimits {
  private readonly limiters: Record<LimitName, RateLimiterRedis | RateLimiterMemory>;

  constructor(
    redis: Redis | null,
    readonly enabled: boolean,
  ) {
    this.limiters = Object.fromEntries(
      Object.entries(ACCOUNT_LIMITS).map(([name, o]) => [
        name,
        redis
          ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `manzil:limit:${name}`, points: o.points, duration: o.duration })
          : new RateLimiterMemory({ keyPrefix: name, points: o.points, duration: o.duration }),
      ]),
    ) as Record<LimitName, RateLimiterRedis | RateLimiterMemory>;
  }

  /** Counts one; false (and the time to wait) once the limit is passed. */
  async take(name: LimitName, key: string | number): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
    if (!this.enabled) return { ok: true };
    try {
      await this.limiters[name].consume(key);
      return { ok: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false, retryAfterMs: err.msBeforeNext };
      throw err;
    }
  }

  /** Counts one, or throws 429 with Retry-After. */
  async consume(name: LimitName, key: string | number): Promise<void> {
    const r = await this.take(name, key);
    if (!r.ok) throw tooManyRequests(MESSAGES.tooManyRequests, r.retryAfterMs);
  }

  /** The time left when the limit is used up (counting nothing), else 0. */
  async blockedFor(name: LimitName, key: string | number): Promise<number> {
    if (!this.enabled) return 0;
    const r = await this.limiters[name].get(key);
    return r && r.consumedPoints >= ACCOUNT_LIMITS[name].points ? r.msBeforeNext : 0;
  }

  /**
   * A password check of the account with this e-mail, under its sign-in lock: 429 while the account is locked,
   * and a failed check (a falsy result) counts towards the lock. Sign-in and the changes that need the current
   * password share it, so neither is a way around the other.
   */
  async underSignInLock<T>(email: string, check: () => Promise<T>): Promise<T> {
    const key = email.toLowerCase();
    const wait = await this.blockedFor('failedSignIns', key);
    if (wait > 0) throw tooManyRequests(MESSAGES.accountLocked, wait);
    const result = await check();
    if (!result) await this.take('failedSignIns', key);
    return result;
  }

  async forget(name: LimitName, key: string | number): Promise<void> {
    if (this.enabled) await this.limiters[name].delete(key);
  }

  /** A preHandler (after requireUser) counting the signed-in account's requests against `name`. */
  perAccount(name: LimitName) {
    return async (req: FastifyRequest, _reply: FastifyReply) => {
      if (req.user) await this.consume(name, req.user.id);
    };
  }
}
