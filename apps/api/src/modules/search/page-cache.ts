/**
 * Search pages as this server last wrote them, per page of a search (filters, order, skip and limit). Reading a
 * page's listings with their owners and photos and writing them as JSON was half the database's work and a
 * third of the API's for a search (`npm run bench`), and the same pages come back again and again: the home
 * page's newest listings, a city's first page, paging back and forth. The page is never taken on trust: each
 * request still asks the database for the page's listings, their revisions (listings.rev, migration 009) and
 * the total, and only what changed is read and written again (service.ts, searchPageJson). So an edit, a new
 * photo or an owner's new phone shows on the next search, from whichever server made it. Views counted are not
 * a change (migration 017): a card shows them as of the listing's last change.
 */
import { listingRead, type ListingRead, type SearchBody } from '@manzil/shared';
import { compileSerializer } from '../../lib/serialize.js';
import type { Encoding } from '../../plugins/compress.js';

/** A list of listings written as JSON once, reused while its listings' revisions stand (search pages, similar homes). */
export interface WrittenList {
  ids: number[];
  /** Each listing's revision as written (text: a bigint). */
  revs: string[];
  /**
   * The answer, {items, total, total_capped}, as the route's schema writes it, in UTF-8: what compression and
   * the socket take, encoded once per page, and kept outside V8's heap (~17 KB a page).
   */
  body: Buffer;
  /** Where each listing's JSON starts and ends in body. */
  spans: [number, number][];
  /** Compressed forms of body, filled by plugins/compress.ts as clients ask for them. */
  encoded: Map<Encoding, Buffer>;
}

export interface WrittenPage extends WrittenList {
  total: number;
  total_capped: boolean;
}

/** One listing of a search page, written from the schema (only its declared fields, as the route's serializer). */
export const writeCard = compileSerializer(listingRead);

const HEAD = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/** `{"items":[…]<tail>}` from its listings' JSON (UTF-8): the answer written once, and each listing's place in it. */
export function writeList(list: { ids: number[]; revs: string[]; items: Buffer[] }, tail = ''): WrittenList {
  const parts: Buffer[] = [HEAD];
  const spans: [number, number][] = [];
  let at = HEAD.length;
  list.items.forEach((it, i) => {
    if (i > 0) {
      parts.push(COMMA);
      at += 1;
    }
    parts.push(it);
    spans.push([at, at + it.length]);
    at += it.length;
  });
  parts.push(Buffer.from(`]${tail}}`));
  return { ids: list.ids, revs: list.revs, body: Buffer.concat(parts), spans, encoded: new Map() };
}

/** A search page: its listings and the total, {items, total, total_capped}. */
export function writePage(page: { ids: number[]; revs: string[]; items: Buffer[]; total: number; total_capped: boolean }): WrittenPage {
  return { ...writeList(page, `,"total":${page.total},"total_capped":${page.total_capped}`), total: page.total, total_capped: page.total_capped };
}

/** The JSON of the page's listing with this id, if it is on the page (a view of the page's bytes, not a copy). */
export function itemOf(page: WrittenList, id: number): Buffer | undefined {
  const i = page.ids.indexOf(id);
  return i < 0 ? undefined : page.body.subarray(...page.spans[i]!);
}

/**
 * The listings of ids, in order, at revisions revs: the cards read now (fresh) written anew, the others taken as
 * written in the list before (unchanged since). An id with neither, removed meanwhile, is skipped.
 */
export function mergeWritten(ids: number[], revs: string[], fresh: ListingRead[], before: WrittenList | undefined) {
  const written = new Map(fresh.map((it) => [it.id, Buffer.from(writeCard(it))]));
  const list = { ids: [] as number[], revs: [] as string[], items: [] as Buffer[] };
  ids.forEach((id, i) => {
    const item = written.get(id) ?? (before && itemOf(before, id));
    if (item === undefined) return;
    list.ids.push(id);
    list.revs.push(revs[i]!);
    list.items.push(item);
  });
  return list;
}

/** A page of a search: its filters (the count's key) with order and paging; the view does not change a page. */
export function pageKey(body: SearchBody, filtersKey: string): string {
  return `${body.sort ?? 'newest'}|${body.skip}|${body.limit}|${filtersKey}`;
}

export function sameList<T>(a: T[], b: T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * At most this many pages (~17 KB of JSON and ~5 KB compressed each: ~11 MB); a full cache drops the pages
 * used least recently.
 */
export const MAX_PAGES = 500;

export class PageCache<T extends WrittenList = WrittenPage> {
  private pages = new Map<string, T>();

  get(key: string): T | undefined {
    const p = this.pages.get(key);
    if (p) {
      // Maps iterate in insertion order: moving a page to the end keeps the least recently used first.
      this.pages.delete(key);
      this.pages.set(key, p);
    }
    return p;
  }

  set(key: string, page: T) {
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
  }
}
