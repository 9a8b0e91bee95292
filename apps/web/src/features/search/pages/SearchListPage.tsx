import { SearchResults } from '../components/SearchResults';

/** /search-list: 10 results per page with the filter sidebar (spec §2). */
export default function SearchListPage() {
  return <SearchResults view="list" />;
}
