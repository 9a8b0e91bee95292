/**
 * Runs the numbered migrations in order, each in its own transaction, recording them in
 * schema_migrations. Plain SQL so the same files serve PGlite and a PostgreSQL server.
 * Several API servers may start at once on one PostgreSQL: an advisory lock makes them take turns.
 */
import { sql, type Kysely } from 'kysely';
import * as m001 from './migrations/001_initial.js';
import * as m004 from './migrations/004_contact_admin.js';
import * as m006 from './migrations/006_search_performance.js';
import * as m007 from './migrations/007_listing_rows.js';
import * as m008 from './migrations/008_newest_slim_index.js';
import * as m009 from './migrations/009_listing_rev.js';
import * as m010 from './migrations/010_account_trust.js';
import * as m011 from './migrations/011_amenities.js';
import * as m012 from './migrations/012_availability_order.js';
import * as m014 from './migrations/014_message_reads.js';
import * as m015 from './migrations/015_owner_email_choice.js';
import * as m016 from './migrations/016_favorites.js';
import * as m017 from './migrations/017_views_keep_rev.js';
import * as m018 from './migrations/018_saved_searches.js';
import * as m019 from './migrations/019_price_drop_mail.js';
import * as m020 from './migrations/020_alerts.js';
import * as m021 from './migrations/021_withheld_contact.js';
import * as m022 from './migrations/022_similar_index.js';
import * as m023 from './migrations/023_listing_expiry.js';
import * as m024 from './migrations/024_reports.js';
import * as m025 from './migrations/025_contact_clicks.js';
import * as m026 from './migrations/026_rate_zones.js';
import * as m027 from './migrations/027_price_history.js';
import * as m028 from './migrations/028_market_medians.js';
import * as m029 from './migrations/029_matches_without_keys.js';
import * as m030 from './migrations/030_unhide_action.js';
import * as m031 from './migrations/031_idempotency_keys.js';
import * as m032 from './migrations/032_variant_bytes.js';
import * as m033 from './migrations/033_admin_user_search.js';
import * as m034 from './migrations/034_media_sizes_pending.js';
import * as m035 from './migrations/035_saved_search_match_columns.js';
import * as m036 from './migrations/036_saved_searches_in_memory.js';
import * as m037 from './migrations/037_public_indexes_withheld.js';
import * as m038 from './migrations/038_search_words.js';
import * as m039 from './migrations/039_alert_matches.js';
import * as m040 from './migrations/040_sort_indexes.js';
import * as m041 from './migrations/041_outbox_lz4.js';
import * as m042 from './migrations/042_favorites_outlive_listing.js';
import * as m043 from './migrations/043_price_drop_mail_off.js';
import * as m044 from './migrations/044_saved_search_drawn_area_alone.js';

export const MIGRATIONS: { name: string; up: string }[] = [
  { name: '001_initial', up: m001.up },
  { name: '004_contact_admin', up: m004.up },
  { name: '006_search_performance', up: m006.up },
  { name: '007_listing_rows', up: m007.up },
  { name: '008_newest_slim_index', up: m008.up },
  { name: '009_listing_rev', up: m009.up },
  { name: '010_account_trust', up: m010.up },
  { name: '011_amenities', up: m011.up },
  { name: '012_availability_order', up: m012.up },
  { name: '014_message_reads', up: m014.up },
  { name: '015_owner_email_choice', up: m015.up },
  { name: '016_favorites', up: m016.up },
  { name: '017_views_keep_rev', up: m017.up },
  { name: '018_saved_searches', up: m018.up },
  { name: '019_price_drop_mail', up: m019.up },
  { name: '020_alerts', up: m020.up },
  { name: '021_withheld_contact', up: m021.up },
  { name: '022_similar_index', up: m022.up },
  { name: '023_listing_expiry', up: m023.up },
  { name: '024_reports', up: m024.up },
  { name: '025_contact_clicks', up: m025.up },
  { name: '026_rate_zones', up: m026.up },
  { name: '027_price_history', up: m027.up },
  { name: '028_market_medians', up: m028.up },
  { name: '029_matches_without_keys', up: m029.up },
  { name: '030_unhide_action', up: m030.up },
  { name: '031_idempotency_keys', up: m031.up },
  { name: '032_variant_bytes', up: m032.up },
  { name: '033_admin_user_search', up: m033.up },
  { name: '034_media_sizes_pending', up: m034.up },
  { name: '035_saved_search_match_columns', up: m035.up },
  { name: '036_saved_searches_in_memory', up: m036.up },
  { name: '037_public_indexes_withheld', up: m037.up },
  { name: '038_search_words', up: m038.up },
  { name: '039_alert_matches', up: m039.up },
  { name: '040_sort_indexes', up: m040.up },
  { name: '041_outbox_lz4', up: m041.up },
  { name: '042_favorites_outlive_listing', up: m042.up },
  { name: '043_price_drop_mail_off', up: m043.up },
  { name: '044_saved_search_drawn_area_alone', up: m044.up },
];

export async function migrate(db: Kysely<any>): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(727274)`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map((r) => r.name),
      );
      for (const m of MIGRATIONS) {
        if (done.has(m.name)) continue;
        await sql`begin`.execute(conn);
        try {
          // One statement at a time: PGlite's extended protocol takes a single statement per query.
          for (const statement of splitStatements(m.up)) await sql.raw(statement).execute(conn);
          await sql`insert into schema_migrations (name) values (${m.name})`.execute(conn);
          await sql`commit`.execute(conn);
          applied.push(m.name);
        } catch (err) {
          await sql`rollback`.execute(conn);
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
        }
      }
    } finally {
      await sql`select pg_advisory_unlock(727274)`.execute(conn);
    }
  });
  return applied;
}

/** Split on semicolons that end a line; our migrations keep function bodies (if any) on one line. */
export function splitStatements(script: string): string[] {
  return script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
