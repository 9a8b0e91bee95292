/**
 * Place names as people write them (issue 24), laid over the data set when it is imported: the data set
 * transliterates letter by letter ("Amant Al-Asmah", "Hadramot", "Khoor Maksar"), which nobody types or
 * reads. The data set itself is never edited; the spelling it had stays searchable as an alias.
 * A reviewed table, kept small: governorates and the districts of the big cities. Districts are found
 * by governorate and Arabic name (compared Arabic-normalised), so a renumbered data set cannot rename the
 * wrong place.
 * `aliases` are extra search words (a neighbourhood people name instead of its district, other spellings).
 */
import { createHash } from 'node:crypto';
import { SANAA_CITY_GOVERNORATE_IDS, normalizeText } from '@manzil/shared';

export interface NameOverride {
  name_en: string;
  aliases?: string[];
}

/** By governorate id (the data set's order: DESIGN §5). */
export const GOVERNORATE_NAMES: Record<number, NameOverride> = {
  1: { name_en: "Amanat Al-Asimah (Sana'a City)", aliases: ['Amanat Al-Asimah', "Sana'a City", 'Sanaa City', 'Capital Secretariat'] },
  2: { name_en: "Sana'a", aliases: ['Sanaa Governorate', "Sana'a Governorate"] },
  5: { name_en: 'Dhamar' },
  10: { name_en: 'Al-Bayda', aliases: ['Al-Baydha'] },
  13: { name_en: 'Al-Jawf' },
  14: { name_en: 'Marib' },
  15: { name_en: 'Hadramout', aliases: ['Hadhramaut', 'Hadramaut', 'Hadramawt', 'Hadhramawt'] },
  16: { name_en: 'Al-Mahrah' },
  17: { name_en: 'Al-Dhale', aliases: ["Ad Dali'"] },
  20: { name_en: 'Raymah' },
  21: { name_en: 'Socotra' },
};

/** By governorate id, then the district's Arabic name as the data set writes it. */
export const DISTRICT_NAMES: Record<number, Record<string, NameOverride>> = {
  // Amanat Al-Asimah: Sana'a the city. Hadda, the neighbourhood people search by, lies in Al-Sab'een.
  1: {
    'صنعاء القديمة': { name_en: "Old Sana'a", aliases: ['Old City', 'Old Sanaa'] },
    'الصافية': { name_en: 'Al-Safiyah' },
    'السبعين': { name_en: "Al-Sab'een", aliases: ['حدة', 'Hadda', 'Haddah', 'Al-Sabeen', 'As Sabain'] },
    'شعوب': { name_en: "Shu'ub", aliases: ['Shuub', 'Shoub'] },
    'الوحدة': { name_en: 'Al-Wahdah' },
    'التحرير': { name_en: 'Al-Tahrir' },
    'الثورة': { name_en: 'Al-Thawrah' },
    'معين': { name_en: "Ma'ain", aliases: ['Maain', 'Maeen'] },
    'بني الحارث': { name_en: 'Bani Al-Harith' },
    'ضواحي الأمانة سنحان وبني بهلول': { name_en: 'Sanhan and Bani Bahlul (Capital outskirts)' },
    'ضواحي الأمانة همدان': { name_en: 'Hamdan (Capital outskirts)' },
  },
  3: {
    'الشيخ عثمان': { name_en: 'Sheikh Othman' },
    'المنصورة': { name_en: 'Al-Mansoura' },
    'البريقة': { name_en: 'Al-Buraiqa', aliases: ['Little Aden'] },
    'التواهي': { name_en: 'Al-Tawahi' },
    'خور مكسر': { name_en: 'Khor Maksar' },
    'صيرة': { name_en: 'Crater (Sirah)', aliases: ['كريتر', 'Crater', 'Sira'] },
    'المعلا': { name_en: 'Al-Mualla' },
  },
  4: {
    'زبيد': { name_en: 'Zabid' },
    'بيت الفقية': { name_en: 'Bayt Al-Faqih' },
    'الميناء': { name_en: 'Al-Mina' },
    'الحوك': { name_en: 'Al-Hawak' },
  },
  5: { 'مدينة ذمار': { name_en: 'Dhamar City' } },
  8: { 'يريم': { name_en: 'Yarim' } },
  12: {
    'القاهرة': { name_en: 'Al-Qahirah' },
    'المظفر': { name_en: 'Al-Mudhaffar' },
    'صالة': { name_en: 'Salah' },
    'المخا': { name_en: 'Al-Mokha', aliases: ['Mocha'] },
  },
  14: { 'مدينة مأرب': { name_en: 'Marib City' } },
  15: {
    // The city is a district of its own beside the rural one named المكلا: people typing "المكلا" mostly mean
    // the city, which leads among the two as soon as it holds more listings.
    'المكلا': { name_en: 'Al-Mukalla' },
    'مدينة المكلا': { name_en: 'Al-Mukalla City', aliases: ['المكلا', 'Mukalla', 'Al-Mukalla', 'Mukalla City'] },
    'سيئون': { name_en: 'Seiyun', aliases: ['Sayun', 'Seiyoun'] },
    'الشحر': { name_en: 'Al-Shihr' },
  },
};

/**
 * Sana'a the city as people mean it (DESIGN §5): the capital, Amanat Al-Asimah (governorate 1), searched
 * together with the governorate around it (2), as the footer's Sana'a link does. Offered first for these
 * words (Arabic-normalised), or a start of them of three letters or more.
 */
export const SANAA_CITY = {
  governorate_ids: [...SANAA_CITY_GOVERNORATE_IDS],
  name_en: "Sana'a",
  name_ar: 'صنعاء',
  // The path under the name, after the word "City": what the search covers.
  display_en: "Amanat Al-Asimah and Sana'a Governorate",
  display_ar: 'أمانة العاصمة ومحافظة صنعاء',
  words: ['صنعاء', 'مدينة صنعاء', 'صنعاء المدينة', 'العاصمة صنعاء', 'صنعاء العاصمة', "Sana'a", 'Sanaa', 'Sana', "Sana'a City"],
};

export interface PlaceAliases {
  level: 'governorate' | 'district';
  id: number;
  /** Arabic-normalised. */
  words: string[];
}

/**
 * Applies the table to freshly read rows (governorates; districts with their governorate as `parent`) and
 * answers each renamed or aliased place's extra search words: its aliases and the data set's own spelling.
 */
export function overrideNames(
  governorates: { id: number; name_en: string }[],
  districts: { id: number; parent: number; name_en: string; name_ar: string }[],
): PlaceAliases[] {
  const out: PlaceAliases[] = [];
  const apply = (level: PlaceAliases['level'], row: { id: number; name_en: string }, o: NameOverride | undefined) => {
    if (!o) return;
    const words = [...(o.aliases ?? []), ...(o.name_en === row.name_en ? [] : [row.name_en])];
    row.name_en = o.name_en;
    out.push({ level, id: row.id, words: [...new Set(words.map((w) => normalizeText(w)))] });
  };
  for (const g of governorates) apply('governorate', g, GOVERNORATE_NAMES[g.id]);
  for (const d of districts) apply('district', d, districtOverride(d.parent, d.name_ar));
  return out;
}

const districtsByKey = new Map(
  Object.entries(DISTRICT_NAMES).flatMap(([gid, byName]) =>
    Object.entries(byName).map(([nameAr, o]) => [`${gid}:${normalizeText(nameAr)}`, o] as const),
  ),
);
export function districtOverride(governorateId: number, nameAr: string): NameOverride | undefined {
  return districtsByKey.get(`${governorateId}:${normalizeText(nameAr)}`);
}

/**
 * Changes with the table (and the layout of the search words, "v2"), so a changed table re-imports: the
 * import skips an unchanged source otherwise.
 */
export const OVERRIDES_FINGERPRINT = createHash('sha256')
  .update(JSON.stringify(['v2', GOVERNORATE_NAMES, DISTRICT_NAMES]))
  .digest('hex')
  .slice(0, 16);

/** The city's words, normalised once. */
export const SANAA_CITY_WORDS = [...new Set(SANAA_CITY.words.map((w) => normalizeText(w)))];
