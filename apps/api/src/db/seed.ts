/**
 * Demo content on an empty database (DESIGN §3): the "Manzil Demo" owner and about 60 approved listings
 * with generated photos, so a fresh install has something to search. Runs only when SEED_DEMO is on, no
 * listing exists and it has never run before (app_meta 'demo_seeded'); several servers starting together
 * take turns at an advisory lock. The demo owner's password is random and printed once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { withheldChange } from '../modules/listings/read.js';
import type { Database } from './client.js';
import type { Storage } from '../lib/storage.js';
import { processImage, type ProcessedImage } from '../modules/media/service.js';
import { hashPassword } from '../modules/users/service.js';
import { DEMO_AMENITIES, DEMO_LISTINGS, DISTRICTS, type DemoListing } from './demo/content.js';
import { renderScene, type Scene, type Sky } from './demo/photos.js';
import { insertListingRow } from './demo/rows.js';
import { freshExpiry } from '../modules/listings/expiry.js';
import { forgetSearchCounts } from '../modules/search/service.js';

export const DEMO_OWNER_EMAIL = 'demo@manzil.example';
const SEED_LOCK = 727275;

export interface SeedResult {
  seeded: boolean;
  reason?: string;
  listings?: number;
  email?: string;
  password?: string;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The photos of one listing: its exterior, plus a room for homes. */
function scenesFor(l: DemoListing, i: number): { scene: Scene; sky: Sky }[] {
  const sky: Sky = i % 3 === 2 ? 'dusk' : 'day';
  const out: { scene: Scene; sky: Sky }[] = [{ scene: l.type, sky }];
  if (l.type === 'APARTMENT' || l.type === 'HOUSE' || l.type === 'VILLA') {
    out.push({ scene: i % 2 ? 'MAJLIS' : 'INTERIOR', sky });
    if (l.type !== 'APARTMENT') out.push({ scene: l.type, sky: sky === 'day' ? 'dusk' : 'day' });
  }
  return out;
}

export async function seedDemo(
  db: Database,
  storage: Storage,
  rates: Record<string, number>,
): Promise<SeedResult> {
  const pre = await db.selectFrom('app_meta').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
  if (pre) return { seeded: false, reason: 'already seeded' };
  const any = await db.selectFrom('listings').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false, reason: 'database has listings' };

  // Photos first (outside the transaction): each distinct scene is drawn and encoded once.
  const plans = DEMO_LISTINGS.map((l, i) => scenesFor(l, i));
  const keys = [...new Set(plans.flat().map((p) => `${p.scene}:${p.sky}`))];
  const images = new Map<string, ProcessedImage>();
  for (let k = 0; k < keys.length; k += 2) {
    await Promise.all(
      keys.slice(k, k + 2).map(async (key, j) => {
        const [scene, sky] = key.split(':') as [Scene, Sky];
        images.set(key, await processImage(await renderScene(scene, sky, k + j + 11)));
      }),
    );
  }

  const password = randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const written: string[] = [];
  try {
    const count = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      const again = await trx.selectFrom('app_meta').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
      if (again) return 0;
      const existing = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', DEMO_OWNER_EMAIL).executeTakeFirst();
      const owner =
        existing ??
        (await trx
          .insertInto('users')
          .values({
            email: DEMO_OWNER_EMAIL,
            password_hash: passwordHash,
            first_name: 'Manzil',
            last_name: 'Demo',
            full_name: 'Manzil Demo',
            phone_number: null,
            role: 'USER',
            google_id: null,
            profile_picture_url: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      // Without the full location data (LOCATIONS_SOURCE unreachable: built-in governorates only) the demo
      // listings keep their governorate and go without a district rather than failing start-up.
      const wanted = [...new Set(DEMO_LISTINGS.map((l) => l.district))];
      const known = new Set((await trx.selectFrom('districts').select('id').where('id', 'in', wanted).execute()).map((x) => x.id));
      const r = rng(20250904);
      const now = Date.now();
      for (let i = 0; i < DEMO_LISTINGS.length; i++) {
        const l = DEMO_LISTINGS[i]!;
        const d = DISTRICTS[l.district]!;
        const lat = d.at[0] + (r() * 2 - 1) * d.spread;
        const lon = d.at[1] + (r() * 2 - 1) * d.spread;
        const id = await insertListingRow(
          trx,
          owner.id,
          {
            listing_type: l.rent ? 'FOR_RENT' : 'FOR_SALE',
            property_type: l.type,
            title_en: l.en,
            title_ar: l.ar,
            description_en: l.den,
            description_ar: l.dar,
            price: l.price,
            currency: l.currency,
            bedrooms: l.beds,
            bathrooms: l.baths,
            parking_spaces: l.parking ?? null,
            ...DEMO_AMENITIES[l.en],
            area_sqm: l.area,
            build_year: l.type === 'LAND' ? null : l.year,
            latitude: Math.round(lat * 1e6) / 1e6,
            longitude: Math.round(lon * 1e6) / 1e6,
            address_details_en: l.aen,
            address_details_ar: l.aar,
            governorate_id: d.governorate,
            district_id: known.has(l.district) ? l.district : null,
            // Spread over the last two months, the first listing the newest.
            created_at: new Date(now - i * 23 * 3600_000 - Math.floor(r() * 3600_000)),
            views: Math.floor(r() * 400),
          },
          rates,
        );
        const plan = plans[i]!;
        for (let p = 0; p < plan.length; p++) {
          const img = images.get(`${plan[p]!.scene}:${plan[p]!.sky}`)!;
          const key = `listings/${id}/${randomBytes(12).toString('hex')}`;
          // Each listing gets its own files, so deleting one listing never removes another's photos.
          await Promise.all(img.variants.map((v) => storage.put(`${key}-${v.width}.webp`, v.data, 'image/webp')));
          written.push(...img.variants.map((v) => `${key}-${v.width}.webp`));
          await trx
            .insertInto('listing_media')
            .values({
              listing_id: id,
              storage_key: key,
              widths: img.variants.map((v) => v.width),
              variant_bytes: img.variants.map((v) => v.data.length),
              width: img.width,
              height: img.height,
              bytes: img.variants.reduce((s, v) => s + v.data.length, 0),
              position: p,
            })
            .execute();
        }
      }
      await trx
        .insertInto('app_meta')
        .values({ key: 'demo_seeded', value: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return existing ? -DEMO_LISTINGS.length : DEMO_LISTINGS.length;
    });
    if (count === 0) return { seeded: false, reason: 'already seeded' };
    // A demo owner left from an earlier run keeps its password (it was printed then).
    return count > 0
      ? { seeded: true, listings: count, email: DEMO_OWNER_EMAIL, password }
      : { seeded: true, listings: -count, email: DEMO_OWNER_EMAIL };
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw err;
  }
}

/**
 * The demo stays fresh (issue 28): at every start its listings begin a new 90-day period and its sold or
 * rented homes their 14 days in search again, so a demo never empties itself. Returns how many were renewed.
 */
export async function renewDemoListings(db: Database): Promise<number> {
  const owner = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', DEMO_OWNER_EMAIL);
  const r = await db
    .updateTable('listings')
    .set({
      ...freshExpiry(),
      withheld: withheldChange({ remove: ['expired', 'off_market'] }),
      availability_changed_at: sql<Date | null>`case when availability = 'available' then null else now() end`,
    })
    .where('status', '=', 'approved')
    .where('owner_id', 'in', owner)
    .executeTakeFirst();
  forgetSearchCounts(db);
  return Number(r.numUpdatedRows);
}
