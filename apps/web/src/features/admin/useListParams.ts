import { useSearchParams } from 'react-router';

/** A change of an admin list's URL: filters (null or '' removes one) and the page. */
export type ListChange = { page?: number } & Record<string, string | number | null | undefined>;

/**
 * An admin list's filters and page, kept in the URL so a reload or a shared link shows the same list. Changing a
 * filter goes back to the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = ({ page: nextPage, ...filters }: ListChange) => {
    const p = new URLSearchParams(params);
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      if (value === null || value === '') p.delete(key);
      else p.set(key, String(value));
      p.delete('page');
    }
    if (nextPage !== undefined) {
      if (nextPage > 1) p.set('page', String(nextPage));
      else p.delete('page');
    }
    setParams(p);
  };
  return { params, page, go };
}
