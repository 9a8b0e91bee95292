/** Queries of the users area. Other areas go through ./service.ts, not these tables. */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';

export type UserRow = Selectable<DB['users']>;
type Executor = Database | Transaction<DB>;

export function findById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** E-mail lookups are case-insensitive (the unique index is on lower(email)). */
export function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findByGoogleId(db: Executor, googleId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_id', '=', googleId).executeTakeFirst();
}

export interface NewUser {
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role?: 'USER' | 'ADMIN';
  google_id?: string | null;
  profile_picture_url?: string | null;
  email_verified?: boolean;
}

export function insertUser(db: Executor, u: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email: u.email,
      password_hash: u.password_hash,
      first_name: u.first_name,
      last_name: u.last_name,
      full_name: joinName(u.first_name, u.last_name),
      phone_number: u.phone_number,
      role: u.role ?? 'USER',
      google_id: u.google_id ?? null,
      profile_picture_url: u.profile_picture_url ?? null,
      email_verified: u.email_verified ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type UserPatch = Partial<
  Pick<
    UserRow,
    'email' | 'password_hash' | 'first_name' | 'last_name' | 'full_name' | 'phone_number' | 'role' | 'google_id' | 'profile_picture_url' | 'email_verified' | 'pending_email' | 'show_email' | 'whatsapp_number' | 'contact_methods'
  >
>;

export function updateUser(db: Executor, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The stored image files of every listing the user owns (collected before the rows go). */
export function mediaOfOwner(db: Executor, ownerId: number) {
  return db
    .selectFrom('listing_media')
    .innerJoin('listings', 'listings.id', 'listing_media.listing_id')
    .select(['listing_media.storage_key', 'listing_media.widths'])
    .where('listings.owner_id', '=', ownerId)
    .execute();
}

/** What an account deletion removes, for the confirmation dialog. */
export async function ownedCounts(db: Executor, userId: number) {
  const r = await sql<{ listings: number; photos: number; messages: number }>`
    select (select count(*) from listings where owner_id = ${userId})::int as listings,
           (select count(*) from listing_media m join listings l on l.id = m.listing_id where l.owner_id = ${userId})::int as photos,
           (select count(*) from contact_messages where recipient_user_id = ${userId})::int as messages`.execute(db);
  return r.rows[0] ?? { listings: 0, photos: 0, messages: 0 };
}

/** Deleting the user cascades to listings, media rows, moderation events, messages to them and their mail. */
export async function deleteUser(db: Executor, id: number): Promise<boolean> {
  const r = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function joinName(first: string, last: string): string {
  return [first.trim(), last.trim()].filter(Boolean).join(' ');
}

/** Full name → first word and the rest ("محمد عبد الله" → "محمد" / "عبد الله"). */
export function splitName(full: string): { first_name: string; last_name: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
