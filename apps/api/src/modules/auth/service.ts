/**
 * The account flows that go through e-mail (issue 20): verifying an address, confirming a new one, resetting a
 * password, and ending sessions. Mails go through the durable outbox with a single-use link (links.ts) on the
 * public origin (deps.publicUrl), never on the request's Host.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES, type Lang } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { conflict, forbidden, HttpError } from '../../lib/errors.js';
import { endSessions } from '../../plugins/auth.js';
import { confirmNewEmailMail, emailChangedMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from '../mail/account-templates.js';
import { enqueueMail } from '../mail/outbox.js';
import type { MailContent } from '../mail/templates.js';
import * as users from '../users/service.js';
import { findLink, issueLink, LINK_TTL_MS, takeLink, voidLinks, type LinkPurpose } from './links.js';

/** The reader's language for a mail: the first of Arabic or English the request asks for (the web app sends its own). */
export function requestLang(req: FastifyRequest): Lang {
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  const en = header.search(/(^|[\s,])en\b/);
  const ar = header.search(/(^|[\s,])ar\b/);
  return en >= 0 && (ar < 0 || en < ar) ? 'en' : 'ar';
}

const same = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** Stores a new link and writes its mail to the outbox in one transaction: no mail for a link that was not kept. */
async function mailLink(
  db: Database,
  p: { userId: number; purpose: LinkPurpose; to: string; sessionId?: string | null },
  content: (token: string) => MailContent,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await issueLink(trx, { userId: p.userId, purpose: p.purpose, email: p.to, sessionId: p.sessionId });
    await enqueueMail(trx, { to: p.to, ...content(token), recipientUserId: p.userId });
  });
}

/**
 * Mails a verification link for `to`: the account's own address (after registration) or a new one it asked
 * for (`change`; the session that asked is kept when the change applies).
 */
export function sendVerification(
  deps: Pick<Deps, 'db' | 'publicUrl'>,
  user: { id: number; full_name: string },
  p: { to: string; change: boolean; sessionId?: string | null; lang: Lang },
): Promise<void> {
  const hours = LINK_TTL_MS.verify_email / 3600_000;
  const template = p.change ? confirmNewEmailMail : verifyEmailMail;
  return mailLink(deps.db, { userId: user.id, purpose: 'verify_email', to: p.to, sessionId: p.sessionId }, (token) =>
    template({ name: user.full_name, url: `${deps.publicUrl()}/verify-email?token=${token}`, hours }, p.lang),
  );
}

/** POST /auth/verify-email/resend: the pending new address if there is one, else the unverified one; else nothing. */
export async function resendVerification(deps: Deps, session: { id: number; sid: string }, lang: Lang): Promise<void> {
  await deps.limits.consume('verificationMail', session.id);
  const user = await users.getById(deps.db, session.id);
  if (!user) return;
  if (user.pending_email) await sendVerification(deps, user, { to: user.pending_email, change: true, sessionId: session.sid, lang });
  else if (!user.email_verified) await sendVerification(deps, user, { to: user.email, change: false, lang });
}

/**
 * POST /auth/verify-email: the link proves the account's address, or applies the new address it was sent to
 * (then every other session ends, but the one that asked for the change, and the old address is told). 400 when
 * the link is unknown, used, expired, or for an address the account no longer has or wants; 409 when the new
 * address was taken meanwhile.
 */
export async function verifyEmail(deps: Pick<Deps, 'db' | 'publicUrl'>, token: string, lang: Lang): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const link = await takeLink(trx, token, 'verify_email');
    const user = link && (await users.getById(trx, link.user_id));
    if (!link || !user) throw new HttpError(400, MESSAGES.verifyLinkInvalid);
    if (same(link.email, user.email)) {
      if (!user.email_verified) await users.applyVerifiedEmail(trx, user.id, user.email);
      return;
    }
    if (!same(link.email, user.pending_email)) throw new HttpError(400, MESSAGES.verifyLinkInvalid);
    const holder = await users.findByEmail(trx, link.email);
    if (holder && holder.id !== user.id) throw conflict(MESSAGES.emailTaken);
    await users.applyVerifiedEmail(trx, user.id, link.email);
    await endSessions(trx, user.id, link.session_id);
    await voidLinks(trx, user.id);
    const notice = emailChangedMail({ name: user.full_name, newEmail: link.email, contactUrl: `${deps.publicUrl()}/contact` }, lang);
    await enqueueMail(trx, { to: user.email, recipientUserId: user.id, ...notice });
  });
}

/**
 * POST /auth/password-reset: mails a reset link when the address has an account that is not blocked (and has
 * not been sent too many); the caller answers the same 202 either way, before this runs, so neither the body
 * nor the time tells whether the address is registered, or blocked.
 */
export async function requestPasswordReset(deps: Deps, email: string, lang: Lang): Promise<void> {
  const user = await users.findByEmail(deps.db, email);
  if (!user || user.blocked_at) return;
  if (!(await deps.limits.take('resetMail', user.email.toLowerCase())).ok) return;
  const minutes = LINK_TTL_MS.password_reset / 60_000;
  await mailLink(deps.db, { userId: user.id, purpose: 'password_reset', to: user.email }, (token) =>
    passwordResetMail({ name: user.full_name, url: `${deps.publicUrl()}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`, minutes }, lang),
  );
}

/** POST /auth/password-reset/check: 400 or 403 for a link confirmPasswordReset would refuse, so the page says so at once. */
export async function checkPasswordReset(db: Database, token: string): Promise<void> {
  const link = await findLink(db, token, 'password_reset');
  liveResetLink(link, link && (await users.getById(db, link.user_id)));
}

/**
 * A reset link sent to an address the account no longer has is dead, as an unknown, used or expired one (400).
 * A live link of a blocked account (sent before the block) is refused as sign-in refuses them: 403 accountBlocked.
 */
function liveResetLink<U extends { id: number; email: string; blocked_at: Date | null }>(link: { email: string } | undefined, user: U | undefined | null): U {
  if (!link || !user || !same(link.email, user.email)) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  if (user.blocked_at) throw forbidden(MESSAGES.accountBlocked);
  return user;
}

/**
 * POST /auth/password-reset/confirm: sets the password, counts the address as verified (the link reached
 * it), ends every session and every other reset link, lifts a sign-in lock on the account, and tells the address
 * the password changed. A blocked account's link is refused (403) and stays unused: nothing changes.
 */
export async function confirmPasswordReset(deps: Deps, token: string, password: string, lang: Lang): Promise<void> {
  const password_hash = await users.hashPassword(password);
  const email = await deps.db.transaction().execute(async (trx) => {
    const link = await takeLink(trx, token, 'password_reset');
    const user = liveResetLink(link, link && (await users.getById(trx, link.user_id)));
    await users.applyPasswordReset(trx, user.id, password_hash);
    await endSessions(trx, user.id);
    await voidLinks(trx, user.id, 'password_reset');
    await enqueueMail(trx, { to: user.email, recipientUserId: user.id, ...passwordChangedMail({ name: user.full_name, contactUrl: `${deps.publicUrl()}/contact`, first: !user.password_hash }, lang) });
    return user.email;
  });
  await deps.limits.forget('failedSignIns', email.toLowerCase());
}

/** POST /auth/logout-all: every session of the account, this one included. */
export function logoutAll(db: Database, userId: number): Promise<void> {
  return endSessions(db, userId);
}

/** POST /auth/logout: this session only. */
export async function logout(db: Database, sid: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', sid).execute();
}
