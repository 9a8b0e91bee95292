import { SearchResults } from '../components/SearchResults';

/** /search-grid: 12 results per page with the filter sidebar (spec §2). */
export default function SearchGridPage() {
  return <SearchResults view="grid" />;
}
