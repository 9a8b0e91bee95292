/** Announcements of the platform (locale info:news.items), newest first, and their dates. */
export interface NewsItem {
  id: string;
  date: string;
  title: string;
  summary: string;
  body: string[];
}

export function formatNewsDate(iso: string, lang: string): string {
  const tag = lang.startsWith('ar') ? 'ar-u-nu-latn' : 'en-GB';
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}
