/**
 * The 22 governorates with map centres (their capitals), numbered as the data set orders them.
 * Used for map centring, and kept as the whole hierarchy when LOCATIONS_SOURCE cannot be reached.
 * `aliases` are other common English spellings, so lookups by name ("Hadramout", "Sana'a") still find them.
 */
export interface BuiltinGovernorate {
  id: number;
  name_en: string;
  name_ar: string;
  latitude: number;
  longitude: number;
  aliases: string[];
}

export const BUILTIN_GOVERNORATES: BuiltinGovernorate[] = [
  { id: 1, name_en: 'Amant Al-Asmah', name_ar: 'أمانة العاصمة', latitude: 15.3694, longitude: 44.191, aliases: ["Sana'a City", 'Amanat Al-Asimah', 'Sanaa City'] },
  { id: 2, name_en: 'Sanaa', name_ar: 'صنعاء', latitude: 15.35, longitude: 44.4, aliases: ["Sana'a"] },
  { id: 3, name_en: 'Aden', name_ar: 'عدن', latitude: 12.7855, longitude: 45.0187, aliases: [] },
  { id: 4, name_en: 'Al-Hodeidah', name_ar: 'الحديدة', latitude: 14.7978, longitude: 42.9545, aliases: ['Hodeidah', 'Al Hudaydah'] },
  { id: 5, name_en: 'Thamar', name_ar: 'ذمار', latitude: 14.5427, longitude: 44.4051, aliases: ['Dhamar'] },
  { id: 6, name_en: 'Amran', name_ar: 'عمران', latitude: 15.6594, longitude: 43.9439, aliases: [] },
  { id: 7, name_en: 'Hajjah', name_ar: 'حجة', latitude: 15.6943, longitude: 43.6058, aliases: [] },
  { id: 8, name_en: 'Ibb', name_ar: 'إب', latitude: 13.9667, longitude: 44.1833, aliases: [] },
  { id: 9, name_en: "Sa'dah", name_ar: 'صعدة', latitude: 16.9402, longitude: 43.7639, aliases: ['Saada', 'Sadah'] },
  { id: 10, name_en: 'Al-Baidha', name_ar: 'البيضاء', latitude: 13.9852, longitude: 45.5727, aliases: ['Al Bayda'] },
  { id: 11, name_en: 'Shabwah', name_ar: 'شبوة', latitude: 14.5377, longitude: 46.8319, aliases: ['Shabwa'] },
  { id: 12, name_en: 'Taiz', name_ar: 'تعز', latitude: 13.5795, longitude: 44.0209, aliases: ["Ta'izz"] },
  { id: 13, name_en: 'Al-jawf', name_ar: 'الجوف', latitude: 16.1642, longitude: 44.7769, aliases: ['Al Jawf'] },
  { id: 14, name_en: "Ma'rib", name_ar: 'مأرب', latitude: 15.4629, longitude: 45.3253, aliases: ['Marib'] },
  { id: 15, name_en: 'Hadramot', name_ar: 'حضرموت', latitude: 14.5425, longitude: 49.1242, aliases: ['Hadramout', 'Hadhramaut', 'Hadramaut'] },
  { id: 16, name_en: 'Al-Maharah', name_ar: 'المهرة', latitude: 16.2079, longitude: 52.1761, aliases: ['Al Mahrah'] },
  { id: 17, name_en: "Al-Dhale'", name_ar: 'الضالع', latitude: 13.6957, longitude: 44.7314, aliases: ['Dhale', 'Ad Dali'] },
  { id: 18, name_en: 'Al-Mahweet', name_ar: 'المحويت', latitude: 15.47, longitude: 43.5448, aliases: ['Al Mahwit'] },
  { id: 19, name_en: 'Lahj', name_ar: 'لحج', latitude: 13.0582, longitude: 44.8838, aliases: ['Lahij'] },
  { id: 20, name_en: 'Raimah', name_ar: 'ريمة', latitude: 14.703, longitude: 43.6, aliases: ['Raymah'] },
  { id: 21, name_en: 'Socatra', name_ar: 'سقطرى', latitude: 12.6519, longitude: 54.0237, aliases: ['Socotra'] },
  { id: 22, name_en: 'Abyan', name_ar: 'أبين', latitude: 13.1287, longitude: 45.3806, aliases: [] },
];
