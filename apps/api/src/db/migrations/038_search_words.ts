/**
 * A listing's words as a tsvector, searched with prefix queries through a GIN, in place of regular expressions
 * over `search_text` through a trigram GIN. Search stays "a word starts with the term, after the particles an
 * Arabic word may carry" (search-text.ts `wordStartPattern`): `search_words` holds every word of `search_text`
 * and, marked with a leading `~`, what is left of a word once each prefix that pattern allows (و or ف, then ب, ك
 * or ل, or the article with them) is taken off it. A term is then `'term':*`, and an Arabic one also `'~term':*`.
 * Both sets of listings are the same (search/words.test.ts); a regular expression is checked on every row a scan
 * reads (3 µs each) and its trigrams planned on every request, a prefix lookup is neither.
 *
 * Written by PostgreSQL from `search_text`, so every write path keeps it without knowing of it: by a trigger on
 * writes of search_text, not as a generated column, which PostgreSQL 15 computes again on every update of the row
 * (0.15 ms each: a rate change repricing 20,000 listings took 3 s longer). Words are cut to 255 letters (a lexeme
 * holds at most 2 KB); a longer term is also checked against `search_text` (search/service.ts). The existing rows
 * are filled by `alter … type … using`, which writes the table once and builds each index again in bulk: an
 * `update` of every row inserts each into every index (at a million listings: 3 minutes, against more than 10
 * when stopped).
 */
const PUBLIC = `status = 'approved' and is_active and withheld = '{}'`;
/** The prefixes of `wordStartPattern`'s [وف]?(?:[بكل]?ال|لل|[بكل])?, each of its non-empty matches. */
const LEAD = ['', 'و', 'ف'];
const PARTICLE = ['', 'بال', 'كال', 'لال', 'ال', 'لل', 'ب', 'ك', 'ل'];
const PREFIXES = LEAD.flatMap((a) => PARTICLE.map((b) => a + b)).filter(Boolean);
/** Anything but a letter or digit of the normalised text ends a word, as in `wordStartPattern`. */
const NOT_WORD = '[^0-9a-z\u0621-\u06ff]+';

export const up = `
create or replace function listing_words(t text) returns tsvector
language sql immutable parallel safe strict as $$
  select coalesce(array_to_tsvector(array_agg(v.x)), ''::tsvector)
  from unnest(string_to_array(trim(regexp_replace(t, '${NOT_WORD}', ' ', 'g')), ' ')) w,
  lateral (
    select left(w, 255)
    union all
    select '~' || left(substr(w, k + 1), 255) from generate_series(1, least(4, length(w) - 1)) k
    where left(w, k) = any('{${PREFIXES.join(',')}}'::text[])
  ) v(x)
  where w <> ''
$$;
create or replace function listings_search_words() returns trigger language plpgsql as $$ begin new.search_words := listing_words(new.search_text); return new; end $$;
drop index if exists listings_public_text_trgm;
alter table listings add column if not exists search_words tsvector not null default '';
alter table listings alter column search_words type tsvector using listing_words(search_text);
drop trigger if exists listings_search_words on listings;
create trigger listings_search_words before insert or update of search_text on listings for each row execute function listings_search_words();
create index if not exists listings_public_words on listings using gin (search_words) where ${PUBLIC};
`;
