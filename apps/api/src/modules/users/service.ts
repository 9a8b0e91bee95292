/**
 * Accounts: registration, password checks, profile changes, deletion, the configured admin. Other areas
 * (auth, listings, admin) use these functions and the answer shapes `toUserMe` / `toUserPublic`.
 */
import { hash, verify } from '@node-rs/argon2';
import type { DeleteMeBody, UserMe, UpdateMeBody, RegisterBody } from '@manzil/shared';
import { CONTACT_METHODS, internationalDigits, MESSAGES, type Lang } from '@manzil/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { conflict, HttpError } from '../../lib/errors.js';
import { deleteMediaFiles, type Storage } from '../../lib/storage.js';
import { endSessions } from '../../plugins/auth.js';
import type { AccountLimits } from '../auth/limits.js';
import { voidLinks } from '../auth/links.js';
import { accountDeletedMail, passwordChangedMail } from '../mail/account-templates.js';
import { enqueueMail } from '../mail/outbox.js';
import * as repo from './repo.js';
import { forgetSearchCounts } from '../search/service.js';

export type { UserRow } from './repo.js';

/** argon2id (the library's default algorithm) with its default, OWASP-level cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;
/** A hash nobody's password matches, verified against for unknown e-mails so timing tells nothing. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(`no-such-user-${Math.random()}`);
  return dummyHash;
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** username: the full name (never the e-mail, which would leak on public pages), else "user<id>". */
export function usernameOf(u: Pick<repo.UserRow, 'id' | 'full_name'>): string {
  return u.full_name.trim() || `user${u.id}`;
}

export function toUserPublic(u: repo.UserRow) {
  return {
    id: u.id,
    user_id: u.id,
    username: usernameOf(u),
    first_name: u.first_name,
    last_name: u.last_name,
    full_name: u.full_name,
  };
}

export function toUserMe(u: repo.UserRow): UserMe {
  return {
    ...toUserPublic(u),
    email: u.email,
    phone_number: u.phone_number,
    profile_picture_url: u.profile_picture_url,
    role: u.role,
    has_password: Boolean(u.password_hash),
    google_linked: Boolean(u.google_id),
    email_verified: u.email_verified,
    pending_email: u.pending_email,
    show_email: u.show_email,
    whatsapp_number: u.whatsapp_number,
    contact_methods: u.contact_methods,
    created_at: new Date(u.created_at as unknown as string).toISOString(),
  };
}

export async function register(db: Database, body: RegisterBody): Promise<repo.UserRow> {
  if (await repo.findByEmail(db, body.email)) throw conflict(MESSAGES.emailTaken);
  const password_hash = await hashPassword(body.password);
  try {
    return await repo.insertUser(db, {
      email: body.email,
      password_hash,
      first_name: body.first_name,
      last_name: body.last_name,
      phone_number: body.phone_number,
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken);
    throw err;
  }
}

/**
 * The user whose e-mail and password match, else null. An unknown e-mail (or an account without a password,
 * e.g. Google-only) still costs one argon2 verification, so the answer time does not reveal which it was.
 */
export async function authenticate(db: Database, email: string, password: string): Promise<repo.UserRow | null> {
  const user = await repo.findByEmail(db, email);
  if (!user?.password_hash) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  return (await verifyPassword(user.password_hash, password)) ? user : null;
}

export function getById(db: Database, id: number) {
  return repo.findById(db, id);
}

export function findByEmail(db: Database | Transaction<DB>, email: string) {
  return repo.findByEmail(db, email);
}

/** The address was proved by a link: it becomes (or stays) the account's e-mail, verified, nothing pending. */
export async function applyVerifiedEmail(db: Database | Transaction<DB>, id: number, email: string): Promise<void> {
  await repo.updateUser(db, id, { email, email_verified: true, pending_email: null });
}

/** A reset link reached the account's address: new password, and the address counts as verified. */
export async function applyPasswordReset(db: Database | Transaction<DB>, id: number, password_hash: string): Promise<void> {
  await repo.updateUser(db, id, { password_hash, email_verified: true });
}

/** What PATCH /users/me did: the account as it is now, and the new address waiting for its link, if any. */
export interface UpdateResult {
  user: repo.UserRow;
  /** The new e-mail to send a verification link to (the change applies when it is followed). */
  emailToConfirm: string | null;
}

/**
 * PATCH /users/me: checks the whole body first, then applies the fields sent in one write; nothing to change →
 * 400 "No changes detected". A new e-mail or password needs the current password (a stolen token alone must
 * not take the account over): missing → 400, wrong → 403 (and it counts as a failed sign-in on the account).
 * A new password ends the account's other sessions and is told to the account's address (in `notice.lang`); a
 * new e-mail waits in `pending_email` for its link.
 */
export async function updateMe(
  db: Database,
  session: { id: number; sid: string },
  body: UpdateMeBody,
  limits: AccountLimits,
  notice: { lang: Lang; publicUrl: string },
): Promise<UpdateResult> {
  const id = session.id;
  const current = await repo.findById(db, id);
  if (!current) throw new HttpError(401, MESSAGES.authRequired);
  const patch: repo.UserPatch = {};
  let emailToConfirm: string | null = null;
  const emailChanges = body.email !== undefined && body.email.toLowerCase() !== current.email.toLowerCase();
  // The same address in other letter case is a plain edit: it proves nothing new.
  if (body.email !== undefined && !emailChanges && body.email !== current.email) patch.email = body.email;
  if (emailChanges || body.password !== undefined) {
    if (!current.password_hash) throw new HttpError(400, MESSAGES.setPasswordFirst);
    if (body.current_password === undefined) throw new HttpError(400, MESSAGES.currentPasswordRequired);
    const { password_hash } = current;
    const { current_password } = body;
    if (!(await limits.underSignInLock(current.email, () => verifyPassword(password_hash, current_password)))) {
      throw new HttpError(403, MESSAGES.currentPasswordWrong);
    }
  }
  if (emailChanges) {
    const other = await repo.findByEmail(db, body.email!);
    if (other && other.id !== id) throw conflict(MESSAGES.emailTaken);
    if (current.pending_email !== body.email) patch.pending_email = body.email!;
    emailToConfirm = body.email!;
  }
  if (body.full_name !== undefined && body.full_name !== current.full_name) {
    const { first_name, last_name } = repo.splitName(body.full_name);
    Object.assign(patch, { first_name, last_name, full_name: repo.joinName(first_name, last_name) });
  }
  if (body.phone_number !== undefined && body.phone_number !== current.phone_number) patch.phone_number = body.phone_number;
  if (body.show_email !== undefined && body.show_email !== current.show_email) patch.show_email = body.show_email;
  if (body.whatsapp_number !== undefined) {
    const digits = body.whatsapp_number === null ? null : internationalDigits(body.whatsapp_number);
    if (body.whatsapp_number !== null && digits === null) throw new HttpError(422, MESSAGES.whatsappInvalid);
    if (digits !== current.whatsapp_number) patch.whatsapp_number = digits;
  }
  if (body.contact_methods !== undefined) {
    // Kept in one order, so the same choice in another order is no change.
    const methods = CONTACT_METHODS.filter((m) => body.contact_methods!.includes(m));
    if (methods.join() !== current.contact_methods.join()) patch.contact_methods = methods;
  }
  if (patch.whatsapp_number !== undefined || patch.contact_methods !== undefined) {
    // A visitor must be left at least one way that works: messages always do, a call needs a phone, WhatsApp a number.
    const methods = patch.contact_methods ?? current.contact_methods;
    const whatsapp = patch.whatsapp_number !== undefined ? patch.whatsapp_number : current.whatsapp_number;
    const phone = patch.phone_number ?? current.phone_number;
    const works = methods.includes('email') || (methods.includes('call') && !!phone) || (methods.includes('whatsapp') && !!whatsapp);
    if (!works) throw new HttpError(400, MESSAGES.contactNoWay);
  }
  if (body.password !== undefined) patch.password_hash = await hashPassword(body.password);
  if (Object.keys(patch).length === 0 && !emailToConfirm) throw new HttpError(400, MESSAGES.noChanges);
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const row = Object.keys(patch).length ? await repo.updateUser(trx, id, patch) : current;
      if (!row) throw new HttpError(401, MESSAGES.authRequired);
      if (patch.password_hash) {
        await endSessions(trx, id, session.sid);
        const mail = passwordChangedMail({ name: row.full_name, contactUrl: `${notice.publicUrl}/contact` }, notice.lang);
        await enqueueMail(trx, { to: current.email, recipientUserId: id, ...mail });
      }
      return row;
    });
    return { user: updated, emailToConfirm };
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken);
    throw err;
  }
}

export function deletionSummary(db: Database, id: number) {
  return repo.ownedCounts(db, id);
}

/** The account's owner confirms its deletion: its password, or for an account without one its e-mail typed again. */
export async function confirmDeletion(db: Database, id: number, body: DeleteMeBody, limits: AccountLimits): Promise<void> {
  const me = await repo.findById(db, id);
  if (!me) throw new HttpError(401, MESSAGES.authRequired);
  const hash = me.password_hash;
  if (hash) {
    const password = body.password;
    if (!password) throw new HttpError(400, MESSAGES.deletePasswordRequired);
    if (!(await limits.underSignInLock(me.email, () => verifyPassword(hash, password)))) throw new HttpError(403, MESSAGES.currentPasswordWrong);
  } else if ((body.email ?? '').toLowerCase() !== me.email.toLowerCase()) {
    throw new HttpError(400, MESSAGES.deleteEmailMismatch);
  }
}

/**
 * Deletes the account and everything it owns in one transaction (listings, their media rows, messages sent
 * to the user, their mail), then the image files, collected inside the transaction before the rows went. The
 * same transaction queues the confirmation to the account's address (in `notice.lang` first): a row of its own,
 * not tied to the user (no recipient_user_id, whose cascade would delete it), so it is sent once the user is gone.
 */
export async function deleteAccount(
  db: Database,
  storage: Storage,
  id: number,
  notice: { lang: Lang; publicUrl: string },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  const result = await db.transaction().execute(async (trx) => {
    const user = await repo.findById(trx, id);
    const media = await repo.mediaOfOwner(trx, id);
    const deleted = await repo.deleteUser(trx, id);
    if (deleted && user) {
      const content = accountDeletedMail({ name: user.full_name, contactUrl: `${notice.publicUrl}/contact` }, notice.lang);
      await enqueueMail(trx, { to: user.email, ...content, recipientUserId: null });
    }
    return { media, deleted };
  });
  if (result.deleted) forgetSearchCounts(db);
  if (result.deleted && result.media.length) {
    const failed = await deleteMediaFiles(storage, result.media);
    if (failed) log?.warn({ userId: id, failed }, 'account deleted; some image files could not be removed');
  }
  return result.deleted;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up. The address is the operator's, whoever registered it first: unless
 * this very configuration was already applied to that admin account, the account becomes ADMIN with
 * ADMIN_PASSWORD as its password, its address counts as verified, its Google link and pending e-mail change
 * are dropped and every session it had ends. A fingerprint of the configuration (an argon2 hash of address and
 * password, in app_meta) tells the next start it was applied, so a later reset through that mailbox is kept.
 */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<'created' | 'reset' | 'unchanged'> {
  const fingerprintKey = 'admin_account';
  const configured = `${email.toLowerCase()}\n${password}`;
  const existing = await repo.findByEmail(db, email);
  const stored = await db.selectFrom('app_meta').select('value').where('key', '=', fingerprintKey).executeTakeFirst();
  if (existing?.role === 'ADMIN' && stored && (await verifyPassword(stored.value, configured))) return 'unchanged';
  const password_hash = await hashPassword(password);
  const fingerprint = await hashPassword(configured);
  const result = await db.transaction().execute(async (trx) => {
    const row = await repo.findByEmail(trx, email);
    if (row) {
      await repo.updateUser(trx, row.id, { role: 'ADMIN', password_hash, email_verified: true, pending_email: null, google_id: null });
      await endSessions(trx, row.id);
      await voidLinks(trx, row.id);
    } else {
      await repo.insertUser(trx, { email, password_hash, first_name: 'Admin', last_name: '', phone_number: null, role: 'ADMIN', email_verified: true });
    }
    await trx
      .insertInto('app_meta')
      .values({ key: fingerprintKey, value: fingerprint })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: fingerprint, updated_at: new Date() }))
      .execute();
    return row ? ('reset' as const) : ('created' as const);
  });
  return result;
}

/** Google sign-in: the account with this Google id, else the one with this verified e-mail (linked), else new. */
export async function findOrCreateGoogleUser(
  db: Database,
  claims: { sub: string; email: string; given_name?: string; family_name?: string; name?: string; picture?: string },
): Promise<repo.UserRow> {
  const byGoogle = await repo.findByGoogleId(db, claims.sub);
  if (byGoogle) return byGoogle;
  const byEmail = await repo.findByEmail(db, claims.email);
  if (byEmail) {
    if (byEmail.google_id && byEmail.google_id !== claims.sub) throw new HttpError(401, MESSAGES.googleServerFailed);
    const patch: repo.UserPatch = { google_id: claims.sub, email_verified: true };
    if (!byEmail.profile_picture_url && claims.picture) patch.profile_picture_url = claims.picture;
    if (!byEmail.email_verified) {
      // Whoever registered this address never proved it; Google just did. Their password and sessions go
      // (else someone could register a victim's address first and keep a way into the victim's account).
      Object.assign(patch, { password_hash: null, pending_email: null });
      return db.transaction().execute(async (trx) => {
        await endSessions(trx, byEmail.id);
        return (await repo.updateUser(trx, byEmail.id, patch))!;
      });
    }
    return (await repo.updateUser(db, byEmail.id, patch))!;
  }
  let first = claims.given_name?.trim() ?? '';
  let last = claims.family_name?.trim() ?? '';
  if (!first && !last && claims.name) ({ first_name: first, last_name: last } = repo.splitName(claims.name));
  try {
    return await repo.insertUser(db, {
      email: claims.email,
      password_hash: null,
      first_name: first.slice(0, 100),
      last_name: last.slice(0, 100),
      phone_number: null,
      google_id: claims.sub,
      profile_picture_url: claims.picture ?? null,
      email_verified: true,
    });
  } catch (err) {
    // A concurrent first sign-in of the same account: the other request made it.
    if (repo.isUniqueViolation(err)) {
      const again = (await repo.findByGoogleId(db, claims.sub)) ?? (await repo.findByEmail(db, claims.email));
      if (again) return again;
    }
    throw err;
  }
}
