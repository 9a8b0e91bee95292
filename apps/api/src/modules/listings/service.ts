/**
 * Writing listings: create, update, delete, and the owner's and public reads. Every rule of spec §4–§5 and
 * DESIGN §5 that the server owns lives here (LAND has no rooms, English fallbacks, location chain, price
 * in USD, search text, re-moderation after an owner's edit).
 */
import { sql, type Transaction } from 'kysely';
import {
  AMENITY_FLAGS,
  ROOMLESS_PROPERTY_TYPES,
  amenityApplies,
  englishFallbacks,
  type ListingCreateBody,
  type ListingRead,
  type ListingUpdateBody,
  type MyListingRead,
} from '@manzil/shared';
import type { Database } from '../../db/client.js';
import type { DB } from '../../db/types.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { deleteMediaFiles, type Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { engagementCounts, messageCounts } from '../contact/service.js';
import { flagPriceDrops } from '../favorites/price-drop.js';
import { freshExpiry } from './expiry.js';
import { oldPriceAfter, priceMoved, recordPriceChange } from './price-history.js';
import { validateChain } from '../locations/service.js';
import { isPublicListing, readListing, readListings, withheldChange } from './read.js';
import { forgetSearchCounts } from '../search/service.js';
import { buildSearchText, locationNameParts, priceUsd, typeWords } from './search-text.js';
import { listingRates } from '../rates/service.js';
import type { Lang } from '@manzil/shared';

type ListingRow = DB['listings'];

/** The columns an owner writes; everything derived (price_usd, location, search_text) is computed. */
interface Editable {
  listing_type: 'FOR_SALE' | 'FOR_RENT';
  title_ar: string;
  title_en: string;
  description_ar: string;
  description_en: string;
  price: number | null;
  old_price: number | null;
  currency: 'YER' | 'USD' | 'SAR';
  is_active: boolean;
  availability: 'available' | 'sold' | 'rented';
  property_type: ListingRow['property_type'];
  bedrooms: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  area_sqm: number | null;
  build_year: number | null;
  solar_power: boolean;
  generator: boolean;
  water_tank: boolean;
  well: boolean;
  furnished: boolean;
  majlis: boolean;
  roof_access: boolean;
  floor_number: number | null;
  latitude: number | null;
  longitude: number | null;
  address_details_en: string | null;
  address_details_ar: string | null;
  governorate_id: number | null;
  district_id: number | null;
  uzlah_id: number | null;
  village_id: number | null;
}

/** Changing only these does not send an approved listing back to review (marking sold, hiding it). */
const NON_CONTENT: (keyof Editable)[] = ['availability', 'is_active'];

/**
 * A new price alone keeps an approved listing public: owners lower their price as they negotiate, and a listing
 * gone from search until someone reviews it again punished exactly that (and delayed its keepers' price-drop
 * mail). Under half of the price it was approved at (however many steps it took), or a price removed or first
 * given, is reviewed again: the shape of a bait price. A new currency is content (the same figure, another price).
 */
async function keepsApproval(trx: Transaction<DB>, id: number, before: Editable, after: Editable, changed: (keyof Editable)[]) {
  if (!changed.every((k) => k === 'price' || k === 'old_price') || before.price == null || after.price == null) return false;
  // The price before the first change since the last approval, else the price now.
  const first = await sql<{ old_price: number | null }>`
    select c.old_price from listing_price_changes c
    where c.listing_id = ${id}
      and c.changed_at >= coalesce((select max(e.created_at) from moderation_events e where e.listing_id = ${id} and e.action = 'approve'), '-infinity')
    order by c.changed_at, c.id limit 1`.execute(trx);
  const approved = first.rows.length > 0 ? first.rows[0]!.old_price : before.price;
  return approved != null && Number(after.price) * 2 >= Number(approved);
}

/** Rules applied to the merged values, whether created or updated. */
async function finish(db: Database | Transaction<DB>, v: Editable, rates: Record<string, number>, fallbacks: { title: boolean; description: boolean }) {
  if (ROOMLESS_PROPERTY_TYPES.includes(v.property_type)) {
    v.bedrooms = null;
    v.bathrooms = null;
    v.build_year = null;
  }
  // Land has no furniture, majlis or roof; only a flat, an office or a shop is on a floor (issue 24).
  for (const a of AMENITY_FLAGS) if (!amenityApplies(v.property_type, a)) v[a] = false;
  if (!amenityApplies(v.property_type, 'floor_number')) v.floor_number = null;
  // A coordinate pair is all or nothing: half a point cannot be shown on a map.
  if (v.latitude == null || v.longitude == null) {
    v.latitude = null;
    v.longitude = null;
  }
  if (v.governorate_id == null || v.district_id == null) throw unprocessable('Governorate and district are required');
  const chainError = await validateChain(db, v);
  if (chainError) throw unprocessable(chainError);
  if (v.village_id != null && v.uzlah_id == null) throw unprocessable('Village needs its uzlah');
  const names = await locationNameParts(db, v);
  if (fallbacks.title || fallbacks.description) {
    // Address for the generated description: the owner's, else the place names from village up.
    const placesUp = [];
    for (let i = names.length - 2; i >= 0; i -= 2) placesUp.push(names[i]);
    const fb = englishFallbacks({
      ...v,
      title_en: fallbacks.title ? null : v.title_en,
      description_en: fallbacks.description ? null : v.description_en,
      address: v.address_details_en || placesUp.join(', ') || null,
    });
    if (fallbacks.title) v.title_en = fb.title_en;
    if (fallbacks.description) v.description_en = fb.description_en;
  }
  return {
    ...v,
    // Rials convert at the rate of the listing's zone (issue 29).
    price_usd: priceUsd(v.price, v.currency, await listingRates(db, v, rates)),
    location: v.latitude != null && v.longitude != null ? sql`point(${v.longitude}, ${v.latitude})` : null,
    search_text: buildSearchText([
      v.title_ar,
      v.title_en,
      v.description_ar,
      v.description_en,
      v.address_details_ar,
      v.address_details_en,
      ...names,
      ...typeWords(v.listing_type, v.property_type),
    ]),
  };
}

export async function createListing(db: Database, owner: AuthUser, body: ListingCreateBody, rates: Record<string, number>, lang: Lang = 'ar') {
  const p = body.property_details;
  const v: Editable = {
    listing_type: body.listing_type,
    title_ar: body.title_ar,
    title_en: body.title_en ?? '',
    description_ar: body.description_ar,
    description_en: body.description_en ?? '',
    price: body.price,
    old_price: body.old_price ?? null,
    currency: body.currency,
    is_active: body.is_active,
    availability: body.availability,
    property_type: p.property_type,
    bedrooms: p.bedrooms ?? null,
    bathrooms: p.bathrooms ?? null,
    parking_spaces: p.parking_spaces ?? null,
    area_sqm: p.area_sqm,
    build_year: p.build_year ?? null,
    solar_power: p.solar_power ?? false,
    generator: p.generator ?? false,
    water_tank: p.water_tank ?? false,
    well: p.well ?? false,
    furnished: p.furnished ?? false,
    majlis: p.majlis ?? false,
    roof_access: p.roof_access ?? false,
    floor_number: p.floor_number ?? null,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    address_details_en: p.address_details_en ?? null,
    address_details_ar: p.address_details_ar ?? null,
    governorate_id: p.governorate_id ?? null,
    district_id: p.district_id ?? null,
    uzlah_id: p.uzlah_id ?? null,
    village_id: p.village_id ?? null,
  };
  const values = await finish(db, v, rates, { title: !body.title_en, description: !body.description_en });
  const row = await db
    .insertInto('listings')
    .values({ ...values, owner_id: owner.id, status: 'pending', owner_lang: lang, availability_changed_at: values.availability === 'available' ? null : new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function toEditable(r: object): Editable {
  const out = {} as Record<string, unknown>;
  for (const k of EDITABLE_KEYS) out[k] = (r as unknown as Record<string, unknown>)[k];
  return out as unknown as Editable;
}

const EDITABLE_KEYS: (keyof Editable)[] = [
  'listing_type', 'title_ar', 'title_en', 'description_ar', 'description_en', 'price', 'old_price', 'currency',
  'is_active', 'availability', 'property_type', 'bedrooms', 'bathrooms', 'parking_spaces', 'area_sqm', 'build_year',
  ...AMENITY_FLAGS, 'floor_number', 'latitude', 'longitude', 'address_details_en', 'address_details_ar', 'governorate_id', 'district_id', 'uzlah_id',
  'village_id',
];

/**
 * PATCH: fields left out stay as they are. An owner's content change to an approved (or rejected) listing
 * sends it back to review and records a 'resubmit' moderation event; marking it sold/rented, hiding it, or a
 * new price of an approved listing within keepsApproval's bounds does not.
 */
export async function updateListing(
  db: Database,
  user: AuthUser,
  id: number,
  body: ListingUpdateBody,
  rates: Record<string, number>,
  lang: Lang = 'ar',
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('listings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.owner_id !== user.id) throw forbidden();
    const before = toEditable(row);
    const v: Editable = { ...before };
    const top = ['listing_type', 'title_ar', 'title_en', 'description_ar', 'description_en', 'price', 'old_price', 'currency', 'is_active', 'availability'] as const;
    for (const k of top) if (body[k] !== undefined) (v as unknown as Record<string, unknown>)[k] = body[k];
    const p = body.property_details ?? {};
    for (const [k, val] of Object.entries(p)) if (val !== undefined) (v as unknown as Record<string, unknown>)[k] = val;
    // A higher location level changed without its lower levels: the lower ones no longer apply.
    if (p.governorate_id !== undefined && p.governorate_id !== before.governorate_id && p.district_id === undefined) v.district_id = null;
    if (p.district_id !== undefined && p.district_id !== before.district_id && p.uzlah_id === undefined) v.uzlah_id = null;
    if (p.uzlah_id !== undefined && p.uzlah_id !== before.uzlah_id && p.village_id === undefined) v.village_id = null;
    // A lowered price becomes the old price, a raise clears it (issue 29; the rule is in price-history.ts); only
    // for a listing published before (posted_at, set on its first approval): the public never saw another price.
    v.old_price = oldPriceAfter(before, v, body.old_price, row.posted_at != null);
    // An English text that was a copy of the Arabic one follows the Arabic one when that changes.
    const values = await finish(trx, v, rates, {
      title: body.title_en !== undefined ? !body.title_en : !v.title_en || before.title_en === before.title_ar,
      description:
        body.description_en !== undefined ? !body.description_en : !v.description_en || before.description_en === before.description_ar,
    });
    const changed = EDITABLE_KEYS.filter((k) => !NON_CONTENT.includes(k) && values[k] !== before[k]);
    const stillApproved = row.status === 'approved' && changed.length > 0 && (await keepsApproval(trx, id, before, values, changed));
    const resubmit = changed.length > 0 && !stillApproved && row.status !== 'pending';
    // Sold or rented: the badge shows for 14 days, then the expiry job takes it out of search (expiry.ts).
    // Available again: back in search at once, and renewed for 90 days when approved, since the owner has just
    // confirmed the home is on the market (what renewing asks of them), and a listing that expired while sold
    // would otherwise come back only to stay hidden as expired.
    const availabilityChanged = values.availability !== before.availability;
    const backOnMarket = availabilityChanged && values.availability === 'available';
    const renew = backOnMarket && row.status === 'approved' && !resubmit;
    await trx
      .updateTable('listings')
      .set({
        ...values,
        updated_at: new Date(),
        owner_lang: lang,
        ...(availabilityChanged ? { availability_changed_at: new Date() } : {}),
        ...(renew ? freshExpiry() : {}),
        ...(backOnMarket
          ? { withheld: withheldChange({ remove: renew ? ['expired', 'off_market'] : ['off_market'] }) }
          : {}),
        ...(resubmit ? { status: 'pending' as const, rejection_reason: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (resubmit) {
      await trx.insertInto('moderation_events').values({ listing_id: id, admin_id: null, action: 'resubmit', reason: null }).execute();
    }
    // A new price is kept in the listing's history (issue 29) and may be a drop for those who keep the listing
    // (issue 27); they hear of it once it is public.
    if (priceMoved(before, values)) {
      await recordPriceChange(trx, id, before, values);
      await flagPriceDrops(trx, id);
      // Public before and after: its saved searches are matched again (a price may now be within one's range);
      // a search never hears of a listing twice (matches are keyed search × listing).
      if (stillApproved && values.is_active && row.is_active && row.withheld.length === 0) {
        await trx.insertInto('alert_jobs').values({ listing_id: id }).execute();
      }
    }
  });
  forgetSearchCounts(db);
}

/** Owner or admin. Files go after the transaction commits, so a failed delete never loses a listing's photos. */
export async function deleteListing(db: Database, storage: Storage, user: AuthUser, id: number, log?: { warn: (o: object, m: string) => void }) {
  const media = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('listings').select(['owner_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.owner_id !== user.id && user.role !== 'ADMIN') throw forbidden();
    const files = await trx.selectFrom('listing_media').select(['storage_key', 'widths']).where('listing_id', '=', id).execute();
    await trx.deleteFrom('listings').where('id', '=', id).execute();
    return files;
  });
  forgetSearchCounts(db);
  const failed = await deleteMediaFiles(storage, media);
  if (failed && log) log.warn({ listingId: id, failed }, 'some image files could not be removed');
}

/**
 * GET /listings/{id}: the public sees approved, active listings and each such read counts a view (countView:
 * once per visitor and day, written later in a batch, views.ts); the owner and admins read any listing and their
 * reads are not counted. Anything else is 404, so the existence of a hidden listing is not revealed. One read of
 * the database: the views shown are those written so far.
 */
export async function getListingFor(
  db: Database,
  storage: Storage,
  user: AuthUser | null,
  id: number,
  countView: () => void = () => {},
): Promise<ListingRead> {
  const listing = await readListing(db, storage, id, { contact: true });
  if (!listing) throw notFound();
  const privileged = user != null && (user.id === listing.owner_id || user.role === 'ADMIN');
  if (!privileged) {
    if (!isPublicListing(listing)) throw notFound();
    countView();
  }
  return listing;
}

/** The owner's listings, newest first, each with its message counts (issue 25) and its clicks and favourites (issue 28). */
export async function myListings(db: Database, storage: Storage, ownerId: number, skip: number, limit: number): Promise<{ items: MyListingRead[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('listings').select('id').where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit).execute(),
    db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const [items, counts, engagement] = await Promise.all([readListings(db, storage, ids), messageCounts(db, ownerId, ids), engagementCounts(db, ids)]);
  return {
    items: items.map((l) => {
      const e = engagement.get(l.id);
      return {
        ...l,
        message_count: counts.get(l.id)?.total ?? 0,
        unread_messages: counts.get(l.id)?.unread ?? 0,
        call_clicks: e?.call ?? 0,
        whatsapp_clicks: e?.whatsapp ?? 0,
        favorites: e?.favorites ?? 0,
      };
    }),
    total: Number(total.n),
  };
}
