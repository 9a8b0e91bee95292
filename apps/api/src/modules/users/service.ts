/**
 * Accounts: registration, password checks, profile changes, deletion, the configured admin. Other areas
 * (auth, listings, admin) use these functions and the answer shapes `toUserMe` / `toUserPublic`.
 */
import { hash, verify } from '@node-rs/argon2';
import type { UserMe, UpdateMeBody, RegisterBody } from '@manzil/shared';
import { MESSAGES } from '@manzil/shared';
import type { Database } from '../../db/client.js';
import { conflict, HttpError } from '../../lib/errors.js';
import { deleteMediaFiles, type Storage } from '../../lib/storage.js';
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

async function verifyPassword(hashed: string, password: string): Promise<boolean> {
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

/** PATCH /users/me: applies the fields sent; nothing sent → 400 "No changes detected". */
export async function updateMe(db: Database, id: number, body: UpdateMeBody): Promise<repo.UserRow> {
  const current = await repo.findById(db, id);
  if (!current) throw new HttpError(401, MESSAGES.authRequired);
  const patch: repo.UserPatch = {};
  if (body.email !== undefined && body.email !== current.email) {
    const other = await repo.findByEmail(db, body.email);
    if (other && other.id !== id) throw conflict(MESSAGES.emailTaken);
    patch.email = body.email;
  }
  if (body.full_name !== undefined && body.full_name !== current.full_name) {
    const { first_name, last_name } = repo.splitName(body.full_name);
    Object.assign(patch, { first_name, last_name, full_name: repo.joinName(first_name, last_name) });
  }
  if (body.phone_number !== undefined && body.phone_number !== current.phone_number) patch.phone_number = body.phone_number;
  if (body.password !== undefined) patch.password_hash = await hashPassword(body.password);
  if (Object.keys(patch).length === 0) throw new HttpError(400, MESSAGES.noChanges);
  try {
    const updated = await repo.updateUser(db, id, patch);
    if (!updated) throw new HttpError(401, MESSAGES.authRequired);
    return updated;
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken);
    throw err;
  }
}

export function deletionSummary(db: Database, id: number) {
  return repo.ownedCounts(db, id);
}

/**
 * Deletes the account and everything it owns in one transaction (listings, their media rows, messages sent
 * to the user, their mail), then the image files, collected inside the transaction before the rows went.
 */
export async function deleteAccount(
  db: Database,
  storage: Storage,
  id: number,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  const result = await db.transaction().execute(async (trx) => {
    const media = await repo.mediaOfOwner(trx, id);
    const deleted = await repo.deleteUser(trx, id);
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
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up: creates that admin, or promotes the existing account with that
 * e-mail. Idempotent. An existing password is kept (the owner may have changed it); an account without one
 * gets the configured password.
 */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await repo.findByEmail(db, email);
  if (!existing) {
    try {
      await repo.insertUser(db, {
        email,
        password_hash: await hashPassword(password),
        first_name: 'Admin',
        last_name: '',
        phone_number: null,
        role: 'ADMIN',
      });
      return 'created';
    } catch (err) {
      // Another server created it at the same moment: promote that one instead.
      if (!repo.isUniqueViolation(err)) throw err;
      return ensureAdmin(db, email, password);
    }
  }
  const patch: repo.UserPatch = {};
  if (existing.role !== 'ADMIN') patch.role = 'ADMIN';
  if (!existing.password_hash) patch.password_hash = await hashPassword(password);
  if (Object.keys(patch).length === 0) return 'unchanged';
  await repo.updateUser(db, existing.id, patch);
  return 'promoted';
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
    const patch: repo.UserPatch = { google_id: claims.sub };
    if (!byEmail.profile_picture_url && claims.picture) patch.profile_picture_url = claims.picture;
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
