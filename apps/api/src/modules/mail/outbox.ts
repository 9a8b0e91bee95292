/**
 * The durable outbox: a mail is a row written in the same transaction as what caused it (a stored contact
 * message, a moderation decision), so nothing is lost when the mail server is down or the process stops.
 * The delivery worker (worker.ts) sends the rows later, with retries.
 */
import type { Database } from '../../db/client.js';
import type { MailContent } from './templates.js';

export interface OutboxMail extends MailContent {
  to: string;
  replyTo?: { name: string; address: string } | null;
  contactMessageId?: number | null;
  recipientUserId?: number | null;
  /** Extra headers, e.g. List-Unsubscribe on alerts; names and values are ours, never a visitor's text. */
  headers?: Record<string, string> | null;
}

/** Reply-To is stored as one header value; the name is quoted so commas in it cannot add recipients. */
export function formatAddress(a: { name: string; address: string }): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point (header injection)
  const name = a.name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]+/g, ' ').trim().slice(0, 100);
  return name ? `"${name}" <${a.address}>` : a.address;
}

const rowOf = (mail: OutboxMail) => ({
  to_address: mail.to,
  reply_to: mail.replyTo ? formatAddress(mail.replyTo) : null,
  subject: mail.subject,
  body_text: mail.text,
  body_html: mail.html,
  next_attempt_at: new Date(),
  locked_until: null,
  last_error: null,
  contact_message_id: mail.contactMessageId ?? null,
  recipient_user_id: mail.recipientUserId ?? null,
  sent_at: null,
  headers: mail.headers ? JSON.stringify(mail.headers) : null,
});

/** Adds a mail to the outbox; call it with the transaction that stores what the mail is about. */
export async function enqueueMail(db: Database, mail: OutboxMail): Promise<number> {
  const row = await db.insertInto('mail_outbox').values(rowOf(mail)).returning('id').executeTakeFirstOrThrow();
  notifyMailQueued();
  return row.id;
}

/** Adds many mails in as few statements as it can (alerts: one mail per saved search a listing matched). */
export async function enqueueMails(db: Database, mails: OutboxMail[]): Promise<void> {
  // 14 parameters a row: 2,000 rows stay well below PostgreSQL's 65,535.
  for (let i = 0; i < mails.length; i += 2000) await db.insertInto('mail_outbox').values(mails.slice(i, i + 2000).map(rowOf)).execute();
  if (mails.length > 0) notifyMailQueued();
}

// Workers in this process poll at once after a mail is queued, instead of waiting for the next tick.
const listeners = new Set<() => void>();
export function onMailQueued(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function notifyMailQueued() {
  // After the caller's transaction has had a chance to commit.
  setTimeout(() => listeners.forEach((fn) => fn()), 20).unref?.();
}
