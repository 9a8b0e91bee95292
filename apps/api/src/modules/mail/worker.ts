/**
 * Delivers the outbox through nodemailer to SMTP_URL. Rows are claimed with `for update skip locked`, so
 * several API servers on one PostgreSQL never send the same mail twice; a claim expires (locked_until) so a
 * crashed server's mail is picked up again. Failures retry with exponential backoff, then end as 'failed'.
 * Without SMTP_URL the mail stays in the outbox and each one is logged once.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { onMailQueued } from './outbox.js';

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };

export const NO_SMTP_NOTE = 'SMTP_URL is not set: kept in the outbox';

/** 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h: attempt n failed → wait before attempt n+1. */
export const DEFAULT_BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];
export const defaultBackoff = (attempt: number) => DEFAULT_BACKOFF_MS[Math.min(attempt, DEFAULT_BACKOFF_MS.length) - 1] ?? 30_000;

export interface MailWorkerOptions {
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Delay before the next attempt after `attempt` failed attempts (1-based). */
  backoffMs?: (attempt: number) => number;
  /** How long a claim holds before another worker may take the row over. */
  lockMs?: number;
  /** A ready transport (tests); otherwise one is made from config.SMTP_URL. */
  transport?: Transporter;
}

interface ClaimedRow {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  headers: Record<string, string> | string | null;
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
}

/** Claims up to `batch` due rows (pending and due, or 'sending' whose claim expired) and counts the attempt. */
async function claimDue(db: Database, batch: number, lockMs: number): Promise<ClaimedRow[]> {
  const res = await sql<ClaimedRow>`
    update mail_outbox
       set status = 'sending', attempts = attempts + 1, locked_until = now() + ${`${lockMs} milliseconds`}::interval
     where id in (
       select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at, id
        limit ${batch}
        for update skip locked)
    returning id, to_address, reply_to, subject, body_text, body_html, attempts, headers`.execute(db);
  return res.rows;
}

/** One pass: send what is due. Returns how many were sent and how many failed this pass. */
export async function deliverDueMail(
  db: Database,
  transport: Transporter,
  from: string,
  opts: Required<Pick<MailWorkerOptions, 'batchSize' | 'maxAttempts' | 'backoffMs' | 'lockMs'>>,
  log?: Log,
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDue(db, opts.batchSize, opts.lockMs);
  let sent = 0;
  let failed = 0;
  for (const r of rows) {
    try {
      await transport.sendMail({
        from,
        to: r.to_address,
        replyTo: r.reply_to ?? undefined,
        subject: r.subject,
        text: r.body_text,
        html: r.body_html ?? undefined,
        // jsonb comes parsed from PostgreSQL and as text from some drivers.
        headers: r.headers ? (typeof r.headers === 'string' ? JSON.parse(r.headers) : r.headers) : undefined,
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: new Date(), locked_until: null, last_error: null })
        .where('id', '=', r.id)
        .execute();
      sent += 1;
    } catch (err) {
      failed += 1;
      const giveUp = r.attempts >= opts.maxAttempts;
      const message = String((err as Error).message ?? err).slice(0, 500);
      await db
        .updateTable('mail_outbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          locked_until: null,
          last_error: message,
          next_attempt_at: new Date(Date.now() + (giveUp ? 0 : opts.backoffMs(r.attempts))),
        })
        .where('id', '=', r.id)
        .execute();
      (giveUp ? log?.error : log?.warn)?.call(
        log,
        `mail #${r.id} to ${r.to_address}: attempt ${r.attempts} failed (${message})${giveUp ? '; giving up' : ''}`,
      );
    }
  }
  return { sent, failed };
}

/** Without SMTP_URL: note each waiting mail once (durably, so a restart does not log it again). */
export async function logUndeliverable(db: Database, log: Log): Promise<number> {
  const rows = await db
    .updateTable('mail_outbox')
    .set({ last_error: NO_SMTP_NOTE })
    .where('status', '=', 'pending')
    .where('last_error', 'is', null)
    .returning(['id', 'to_address', 'subject'])
    .execute();
  for (const r of rows) log.info(`mail #${r.id} to ${r.to_address} ("${r.subject}") kept in the outbox: SMTP_URL is not set`);
  return rows.length;
}

/** Starts the polling loop; returns its stop function (waits for the pass in progress). */
export function startMailWorker(db: Database, config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: Log, options: MailWorkerOptions = {}) {
  const opts = {
    pollMs: options.pollMs ?? 5000,
    batchSize: options.batchSize ?? 20,
    maxAttempts: options.maxAttempts ?? 8,
    backoffMs: options.backoffMs ?? defaultBackoff,
    lockMs: options.lockMs ?? 120_000,
  };
  const transport = options.transport ?? (config.SMTP_URL ? createTransport(config.SMTP_URL) : null);
  if (!transport) log.warn('mail: SMTP_URL is not set; e-mails stay in the outbox (mail_outbox) and are logged');

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const pass = async () => {
    if (transport) {
      // Keep going while full batches come back, so a backlog drains without waiting for the next tick.
      for (;;) {
        const { sent, failed } = await deliverDueMail(db, transport, config.MAIL_FROM, opts, log);
        if (stopped || sent + failed < opts.batchSize) break;
      }
    } else {
      await logUndeliverable(db, log);
    }
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = pass()
      .catch((err) => log.error(`mail worker: ${(err as Error).message}`))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else {
          timer = setTimeout(tick, opts.pollMs);
          timer.unref?.();
        }
      });
  };

  const unsubscribe = onMailQueued(tick);
  tick();
  return async () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    await running;
    transport?.close?.();
  };
}
