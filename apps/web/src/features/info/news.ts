import { formatLongDate } from '../../i18n/dates';

/** Announcements of the platform (locale info:news.items), newest first, and their dates. */
export interface NewsItem {
  id: string;
  date: string;
  title: string;
  summary: string;
  body: string[];
}

export function formatNewsDate(iso: string, lang: string): string {
  return formatLongDate(new Date(`${iso}T00:00:00Z`), lang, 'UTC');
}
