/**
 * Rate zones (issue 29): since the banknote split the rial has two prices. Old notes circulate in Sana'a and the
 * north, where the Central Bank of Yemen in Sana'a has held about 530 rials per US dollar since 2019; new notes
 * circulate in Aden and the south, where the rate set by the Central Bank of Yemen in Aden passed 2,800 in July
 * 2025 and stood at about 1,617 (buying) after its intervention of August 2025. Both defaults are editable by an
 * administrator at /admin/rates; docs/architecture.md ("Rate zones") says the same.
 *
 * - rate_zones: a named zone and its rials per dollar.
 * - rate_zone_governorates: each governorate's zone (every one of the 22 is in one).
 * - rate_zone_districts: districts on the other side of a front line from the rest of their governorate. The
 *   district exception wins over its governorate. The lists follow who held each district in 2025 (public
 *   reporting of the front lines; approximate where a district is itself divided).
 * - rate_changes: every change by an administrator, per zone changed, its state before and after.
 *
 * Governorate and district ids are the location data set's global numbers (db/locations-import.ts), stable for
 * the data set. No foreign keys to governorates and districts: on a fresh database this migration runs before the
 * locations are imported. The API only accepts ids that exist.
 *
 * Listings already written are repriced here with the zones; a governorate in no zone (none by default) keeps
 * the national YER rate of EXCHANGE_RATES, so their price_usd is left as it was.
 */
export const up = `
create table if not exists rate_zones (
  id integer primary key,
  name_en text not null,
  name_ar text not null,
  yer_per_usd double precision not null check (yer_per_usd > 0),
  position integer not null default 0,
  updated_at timestamptz not null default now()
);
create table if not exists rate_zone_governorates (
  governorate_id integer primary key,
  zone_id integer not null references rate_zones(id) on delete cascade
);
create table if not exists rate_zone_districts (
  district_id integer primary key,
  zone_id integer not null references rate_zones(id) on delete cascade
);
create table if not exists rate_changes (
  id serial primary key,
  zone_id integer not null references rate_zones(id) on delete cascade,
  admin_id integer references users(id) on delete set null,
  before jsonb not null,
  after jsonb not null,
  repriced integer not null default 0,
  created_at timestamptz not null default now()
);
create index if not exists rate_changes_newest_idx on rate_changes (created_at desc, id desc);
insert into rate_zones (id, name_en, name_ar, yer_per_usd, position) values
  (1, 'Old notes (Sana''a)', 'الطبعة القديمة (صنعاء)', 530, 1),
  (2, 'New notes (Aden)', 'الطبعة الجديدة (عدن)', 1617, 2)
on conflict (id) do nothing;
-- Old notes: Amanat Al-Asimah, Sanaa, Al-Hodeidah, Dhamar, Amran, Hajjah, Ibb, Sa'dah, Al-Bayda, Al-Jawf, Al-Mahwit, Raymah.
-- New notes: Aden, Shabwah, Taiz, Ma'rib, Hadramawt, Al-Mahrah, Al-Dhale', Lahj, Socotra, Abyan.
insert into rate_zone_governorates (governorate_id, zone_id)
select g, case when g in (1, 2, 4, 5, 6, 7, 8, 9, 10, 13, 18, 20) then 1 else 2 end from generate_series(1, 22) g
on conflict (governorate_id) do nothing;
-- New notes inside old-note governorates: Al-Khawkhah, Hays, Al-Tuhayta (Al-Hodeidah's southern coast);
-- Haradh, Midi (Hajjah's north-west); Mukayras (Al-Bayda).
-- Old notes inside new-note governorates: Mawiyah, Shar'ab As-Salam, Shar'ab Ar-Rawnah, Maqbanah, Khadir,
-- At-Ta'iziyah (Taiz, north and west of the city); Jabal Murad, Harib, Harib Al-Qaramish, Rahabah, Sirwah,
-- Al-Abdiyah, Mahliyah, Majzar (Ma'rib, west and south); Juban, Damt (Al-Dhale', north).
insert into rate_zone_districts (district_id, zone_id)
select d, case when d in (38, 40, 60, 114, 124, 175) then 2 else 1 end
from unnest(array[38, 40, 60, 114, 124, 175, 198, 199, 200, 201, 209, 217, 234, 237, 238, 239, 241, 242, 243, 245, 289, 291]) d
on conflict (district_id) do nothing;
create index if not exists rate_zone_districts_zone_idx on rate_zone_districts (zone_id);
create index if not exists rate_zone_governorates_zone_idx on rate_zone_governorates (zone_id);
update listings l set price_usd = round((l.price / coalesce(dz.yer_per_usd, gz.yer_per_usd) * 100)::numeric) / 100
from listings x
left join rate_zone_districts d on d.district_id = x.district_id left join rate_zones dz on dz.id = d.zone_id
left join rate_zone_governorates g on g.governorate_id = x.governorate_id left join rate_zones gz on gz.id = g.zone_id
where x.id = l.id and l.currency = 'YER' and l.price is not null and coalesce(dz.yer_per_usd, gz.yer_per_usd) is not null;
`;
