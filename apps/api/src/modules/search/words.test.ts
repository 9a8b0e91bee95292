import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { insertListing } from '../../../test/fixtures.js';
import { buildSearchText, searchTerms, termQuery, wordStartPattern } from '../listings/search-text.js';

// Search asks a listing's words (migration 038) instead of a regular expression over its text: both must find the
// same listings for every term, or a search and its saved alerts would change meaning with the index.
const TEXTS = [
  'شقة للبيع في حدة • Apartment for sale in Hadda',
  'فيلا بحدة مع حديقة، وبالقرب من البحر',
  'مكتب للإيجار في الوحدة',
  'وللبيوت والشقق فبالمدينة كالقمر لالبيت',
  'seaside flat near Chelsea, 3+ rooms e.g. sea-view',
  'بيت وsea مختلط 3غرف ب3غرف',
  `كلمة ${'ب'.repeat(300)}ت طويلة ${'x'.repeat(400)}`,
  'ابحر البحرية إطلالة بإطلالة مكيفات',
].map((t) => buildSearchText([t]));

const QUERIES = [
  'حدة', 'حده', 'وحده', 'الوحدة', 'شقة', 'للبيع', 'بيع', 'sea', 'chelsea', 'helsea', 'seaside', '3+', '3', '3غرف', 'غرف',
  'البيوت', 'بيوت', 'شقق', 'مدينه', 'قمر', 'بيت', 'لل', 'ال', 'ب', 'بحر', 'اطلالة', 'مكيفات', 'view', 'sea-view', 'e.g.',
  `${'ب'.repeat(300)}`, `${'ب'.repeat(300)}ت`, 'x'.repeat(260), 'x'.repeat(401), 'بب', 'بت',
];

describe.each(DB_KINDS)('text search through the listing\'s words (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t?.close());

  it('finds a text exactly where a word of it starts with the term, as the pattern over the text says', async () => {
    const cases: { text: string; term: string }[] = [];
    for (const q of QUERIES) for (const term of searchTerms(q)) for (const text of TEXTS) cases.push({ text, term });
    const rows = await Promise.all(
      cases.map(async ({ text, term }) => {
        const q = termQuery(term);
        const r = await sql<{ pattern: boolean; words: boolean }>`
          select ${text} ~ ${wordStartPattern(term)} as pattern,
            (${q.words === null ? sql`true` : sql`listing_words(${text}) @@ ${q.words}::tsquery`})
              and ${q.pattern === null ? sql`true` : sql`${text} ~ ${q.pattern}`} as words`.execute(t.db);
        return { text: text.slice(0, 40), term, ...r.rows[0]! };
      }),
    );
    expect(rows.filter((r) => r.pattern !== r.words)).toEqual([]);
    // Neither answer is always the same: the pair above must be able to differ.
    const found = (query: string, i: number) => rows.find((r) => r.term === searchTerms(query)[0] && r.text === TEXTS[i]!.slice(0, 40))!.words;
    expect([found('حده', 0), found('حده', 1), found('حده', 2)]).toEqual([true, true, false]); // حدة, بحدة, not الوحدة
    expect([found('sea', 4), found('helsea', 4), found('sea', 5)]).toEqual([true, false, false]); // not inside "وsea"
    expect([found('بيوت', 3), found('مدينه', 3), found('قمر', 3), found('بيت', 3)]).toEqual([true, true, true, true]);
    expect([found('3+', 4), found('3غرف', 5)]).toEqual([true, true]);
    expect(rows.filter((r) => r.words).length).toBeGreaterThan(20);
  });

  it('holds each word and what is left of it once an Arabic prefix is off', async () => {
    const one = await sql<{ w: string }>`select listing_words('فيلا بحدة')::text as w`.execute(t.db);
    // Each word, and what is left of it without each prefix an Arabic word may carry: ف of فيلا, ب of بحدة.
    expect(one.rows[0]!.w).toBe(`'~حدة' '~يلا' 'بحدة' 'فيلا'`);
  });

  it('writes a listing\'s words when it is written and again when its text changes', async () => {
    const { user } = await createUser(t);
    const id = await insertListing(t.db, user.id, { title_ar: 'فيلا بحدة', title_en: 'Villa in Hadda' });
    const words = async () => (await sql<{ w: string[] }>`select tsvector_to_array(search_words) as w from listings where id = ${id}`.execute(t.db)).rows[0]!.w;
    expect(await words()).toEqual(expect.arrayContaining(['بحده', '~حده', 'villa', 'hadda']));
    await sql`update listings set search_text = 'مكتب في عدن' where id = ${id}`.execute(t.db);
    expect((await words()).sort()).toEqual(['~ي', 'عدن', 'في', 'مكتب']); // ف taken off في as well
  });
});
