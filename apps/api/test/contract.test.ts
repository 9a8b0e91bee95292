/**
 * The document is the contract (issue 21), tested from the document: for every operation of /api/docs/json —
 * a route added later included, without touching this file — fast-check generates requests from the operation's
 * own schemas, valid ones and invalid ones (a wrong type, a value past a bound, a control character, a value
 * outside an enum, a missing required field, an unknown key where none is allowed, a body that is not JSON or
 * not of a type the operation reads), and sends each anonymous, as a user and as an admin. Every answer must be:
 *
 * - no 5xx;
 * - a status the operation lists, with a body its schema describes (http() checks it against the document);
 * - for a valid request, never the validation 422 (a list of failed rules): the server takes what the document
 *   allows. A 422 with a message, a rule about stored data (places that do not form a chain), may still come;
 * - for an invalid request, no change: the row counts and last changes of the tables a request can write are
 *   the same before and after.
 *
 * The run is bounded (CONTRACT_RUNS per operation and role) and replayable: the seed is printed, and
 * CONTRACT_SEED=<seed> runs the same requests again. Rate limits are off here (their 429s have their own tests).
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertMedia } from './fixtures.js';
import { createTestApp, createUser, DB_KINDS, http, type TestApp } from './helpers.js';
import { contractOf, toJsonSchema, type Contract, type Operation } from './openapi.js';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 24);
const SEED = Number(process.env.CONTRACT_SEED ?? 21);
const ROLES = ['anonymous', 'user', 'admin'] as const;

type Json = Record<string, any>;
type Schema = Json;

/** A path parameter naming a row the test makes for the request (a listing of the user's own or another's, a photo). */
interface Ref {
  $ref: 'own' | 'other';
}
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && '$ref' in v;

interface Generated {
  valid: boolean;
  /** What makes an invalid request invalid. */
  mutation: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { type: string; value: unknown } | { type: 'raw'; contentType: string; text: string };
  /** Picks a real chain of places for a listing body (a valid request only). */
  chain: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Values from JSON Schema (the document's, made JSON Schema by toJsonSchema)

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text as people type it: Latin, Arabic, digits, punctuation, now and then an emoji, a line break or a tab. */
const TEXT_UNIT = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 .,-_@()+:/'.split('')) },
  { weight: 4, arbitrary: fc.constantFrom(...'شقةللبيعفيصنعاءعدنتعز٠١٢٣'.split('')) },
  { weight: 1, arbitrary: fc.constantFrom('🏠', 'é', '\n', '\t', '\r\n', '\u00a0', ' ') },
);

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const patternsOf = (s: Schema): RegExp[] =>
  [s.pattern, ...((s.allOf ?? []) as Schema[]).map((a) => a.pattern)].filter((p): p is string => typeof p === 'string').map((p) => new RegExp(p, 'u'));

function stringArb(s: Schema): fc.Arbitrary<string> {
  const patterns = patternsOf(s);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 5000;
  // A pattern of one character class repeated (the text rule, a token's alphabet) says which characters; another
  // anchored pattern (an e-mail, a phone) is generated from; an unanchored one (non-blank) only filters.
  const classes = patterns.map((p) => /^\^\[(\^?)(.*)\][*+]\$$/.exec(p.source));
  const positive = classes.find((c) => c && c[1] === '');
  const shaped = patterns.find((p, i) => !classes[i] && p.source.startsWith('^'));
  const implied = Math.max(0, ...patterns.map((p) => Number(/\{(\d+),\}/.exec(p.source)?.[1] ?? -2) + 2));
  const lo = Math.min(max, Math.max(min, implied));
  const base = shaped
    ? fc.stringMatching(shaped)
    : fc.string({ unit: positive ? fc.stringMatching(new RegExp(`^[${positive[2]}]$`, 'u')) : TEXT_UNIT, minLength: lo, maxLength: Math.min(max, lo + 24) });
  return base.filter((v) => v.length >= min && v.length <= max && patterns.every((p) => p.test(v)) && !LONE_SURROGATE.test(v));
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const LIMIT = integer ? 2 ** 31 - 1 : 1e12;
  let min = Math.max(s.minimum ?? -LIMIT, -LIMIT);
  let max = Math.min(s.maximum ?? LIMIT, LIMIT);
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, integer ? s.exclusiveMinimum + 1 : s.exclusiveMinimum);
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, integer ? s.exclusiveMaximum - 1 : s.exclusiveMaximum);
  const arb = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: typeof s.exclusiveMinimum === 'number', maxExcluded: typeof s.exclusiveMaximum === 'number' });
  return arb.map((n) => (Object.is(n, -0) ? 0 : n));
}

/** Values valid against `s` (most of the time: the caller keeps only what the document's validator accepts). */
function valueArb(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.anyOf && (s.anyOf as Schema[]).every((b) => typesOf(b).length || b.enum || b.anyOf)) {
    const { anyOf, ...rest } = s;
    return fc.oneof(...(anyOf as Schema[]).map((b) => valueArb({ ...rest, ...b }, depth)));
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((t) => (t === 'null' ? fc.constant(null) : valueArb({ ...s, type: t }, depth))));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'string':
      return stringArb(s);
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(valueArb(s.items ?? {}, depth + 1), { minLength, maxLength: Math.min(s.maxItems ?? minLength + 4, minLength + 4) });
    }
    case 'object': {
      const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
      return fc.record(Object.fromEntries(props.map(([k, p]) => [k, valueArb(p, depth + 1)])), { requiredKeys: (s.required ?? []) as string[] });
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 1 });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Invalid values: one change that the document refuses (checked), at one place of a valid value

interface Site {
  /** Keys from the root of the part to the value. */
  at: (string | number)[];
  schema: Schema;
}

/** Every place of `value` a mutation can aim at, with its schema. */
function sitesOf(schema: Schema, value: unknown, at: (string | number)[] = []): Site[] {
  const out: Site[] = [{ at, schema }];
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    for (const [k, v] of Object.entries(value)) if (schema.properties[k]) out.push(...sitesOf(schema.properties[k], v, [...at, k]));
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => out.push(...sitesOf(schema.items, v, [...at, i])));
  return out;
}

/** The changes that make the value at a site invalid, each with its name. */
function breakersOf(site: Site, inQuery: boolean): [string, (v: unknown) => unknown][] {
  const s = site.schema;
  const types = typesOf(s);
  const out: [string, (v: unknown) => unknown][] = [];
  const wrong = inQuery ? 'not-a-number' : types.includes('object') ? 'x' : {};
  if (types.length || s.anyOf || s.enum) out.push(['a wrong type', () => wrong]);
  if (typeof s.maximum === 'number') out.push(['past the maximum', () => s.maximum + 1]);
  if (typeof s.minimum === 'number') out.push(['below the minimum', () => s.minimum - 1]);
  if (typeof s.exclusiveMinimum === 'number') out.push(['below the minimum', () => s.exclusiveMinimum - 1]);
  if (typeof s.maxLength === 'number' && s.maxLength < 10_000) out.push(['longer than maxLength', () => 'a'.repeat(s.maxLength + 1)]);
  if (types.includes('string') && patternsOf(s).some((p) => !p.test('\u0000'))) out.push(['a control character', (v) => `${typeof v === 'string' ? v : 'a'}\u0000b`]);
  if (s.enum && types.includes('string')) out.push(['not in the enum', () => 'NOT_IN_THE_ENUM']);
  if (typeof s.maxItems === 'number' && s.maxItems < 1000) out.push(['more items than maxItems', (v) => Array.from({ length: s.maxItems + 1 }, () => (Array.isArray(v) ? v[0] : 1))]);
  if (types.includes('object') && Array.isArray(s.required) && s.required.length) {
    for (const key of s.required as string[]) out.push([`without ${key}`, (v) => (v && typeof v === 'object' ? omit(v as Json, key) : v)]);
  }
  if (types.includes('object') && s.additionalProperties === false) out.push(['an unknown key', (v) => ({ ...(v as Json), unknown_key: 1 })]);
  return out;
}

const omit = (o: Json, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

function setAt(root: unknown, at: (string | number)[], f: (v: unknown) => unknown): unknown {
  if (at.length === 0) return f(root);
  const [head, ...rest] = at;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as Json) };
  copy[head!] = setAt(copy[head!], rest, f);
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests of an operation

interface Parts {
  path: Schema;
  query: Schema;
  body?: { type: string; schema: Schema };
}

function partsOf(op: Operation): Parts {
  const object = (where: string): Schema => {
    const params = op.parameters.filter((p) => p.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, toJsonSchema(p.schema ?? {})])),
      required: params.filter((p) => p.required).map((p) => p.name),
    };
  };
  const content = op.op.requestBody?.content as Json | undefined;
  const type = content && Object.keys(content)[0];
  return { path: object('path'), query: object('query'), body: type ? { type, schema: toJsonSchema(content[type].schema ?? {}) as Schema } : undefined };
}

function requestArb(contract: Contract, op: Operation): fc.Arbitrary<Generated> {
  const parts = partsOf(op);
  const key = `${op.method} ${op.path}`;
  const valid = {
    path: contract.validator(`${key} path`, () => parts.path),
    query: contract.validator(`${key} query`, () => parts.query),
    body: parts.body ? contract.validator(`${key} body`, () => parts.body!.schema) : null,
  };
  // Path parameters name rows: mostly one made for the request (the user's own listing, another's), else any id.
  const pathArb = fc.record(
    Object.fromEntries(
      Object.entries(parts.path.properties as Record<string, Schema>).map(([k, s]) => [
        k,
        fc.oneof({ weight: 3, arbitrary: fc.constantFrom<Ref>({ $ref: 'own' }, { $ref: 'other' }) }, { weight: 1, arbitrary: valueArb(s) }),
      ]),
    ),
  );
  const bodyArb = parts.body
    ? parts.body.type === 'multipart/form-data'
      ? fc.constantFrom<unknown>('image', 'not-an-image')
      : valueArb(parts.body.schema).filter((v) => valid.body!(v))
    : fc.constant(undefined);
  const validArb = fc
    .record({ path: pathArb, query: valueArb(parts.query).filter((v) => valid.query(v)), body: bodyArb, chain: fc.nat() })
    .map(
      ({ path, query, body, chain }): Generated => ({
        valid: true,
        mutation: '',
        path: path as Record<string, unknown>,
        query: query as Record<string, unknown>,
        body: parts.body ? { type: parts.body.type, value: body } : undefined,
        chain,
      }),
    );

  // An invalid request: a valid one with one change the document refuses (none: the valid one is sent).
  const breakIt = (g: Generated, a: number, b: number): Generated | null => {
    const choices: [string, () => Generated][] = [];
    const partNames: ('path' | 'query' | 'body')[] = ['path', 'query', 'body'];
    for (const part of partNames) {
      const schema = part === 'body' ? parts.body?.schema : parts[part];
      if (!schema || (part === 'body' && parts.body!.type === 'multipart/form-data')) continue;
      const value = part === 'body' ? (g.body as { value: unknown }).value : g[part];
      const concrete = part === 'path' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, isRef(v) ? 1 : v])) : value;
      for (const site of sitesOf(schema, concrete)) {
        for (const [name, f] of breakersOf(site, part !== 'body')) {
          // Path and query are sets of named values: only what is in them can be wrong, or missing.
          if (part !== 'body' && site.at.length === 0 && !name.startsWith('without')) continue;
          choices.push([
            `${part}${site.at.length ? ` ${site.at.join('.')}` : ''}: ${name}`,
            () => {
              const changed = setAt(value, site.at, f);
              return part === 'body' ? { ...g, body: { type: parts.body!.type, value: changed } } : { ...g, [part]: changed };
            },
          ]);
        }
      }
    }
    if (parts.body?.type === 'application/json') {
      choices.push(['body: not JSON', () => ({ ...g, body: { type: 'raw', contentType: 'application/json', text: '{"broken": ' } })]);
    }
    if (parts.body) choices.push(['body: a content type the operation does not read', () => ({ ...g, body: { type: 'raw', contentType: 'text/plain', text: 'hello' } })]);
    if (choices.length === 0) return null;
    // Several tries: a change may land where the document still accepts the value (a union's other branch).
    for (let i = 0; i < choices.length; i++) {
      const [mutation, make] = choices[(a + i * (b | 1)) % choices.length]!;
      const m = make();
      const raw = m.body && m.body.type === 'raw';
      const bodyOk = !m.body || raw || parts.body!.type === 'multipart/form-data' || valid.body!((m.body as { value: unknown }).value);
      const pathOk = valid.path(Object.fromEntries(Object.entries(m.path).map(([k, v]) => [k, isRef(v) ? 1 : v])));
      if (raw || !bodyOk || !pathOk || !valid.query(m.query)) return { ...m, valid: false, mutation };
    }
    return null;
  };
  return fc.tuple(validArb, fc.boolean(), fc.nat(), fc.nat()).map(([g, invalid, a, b]) => (invalid ? (breakIt(g, a, b) ?? g) : g));
}

// ---------------------------------------------------------------------------------------------------------------

describe.each(DB_KINDS)('the OpenAPI document is the contract (%s)', (kind) => {
  let t: TestApp;
  let contract: Contract;
  let someone: Awaited<ReturnType<typeof createUser>>;
  let chains: { governorate_id: number; district_id: number; uzlah_id: number; village_id: number }[] = [];
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { RATE_LIMITS: 'false', GOOGLE_CLIENT_ID: 'contract-test.apps.googleusercontent.com' },
      // Google's keys are never fetched here: every generated ID token is refused (401).
      overrides: { googleKeys: async () => Promise.reject(new Error('no Google keys in this test')) },
    });
    contract = await contractOf(t.url);
    someone = await createUser(t);
    chains = (
      await sql<{ governorate_id: number; district_id: number; uzlah_id: number; village_id: number }>`
        select d.governorate_id, d.id as district_id, u.id as uzlah_id, v.id as village_id
        from villages v join uzaal u on u.id = v.uzlah_id join districts d on d.id = u.district_id
        order by v.id limit 20`.execute(t.db)
    ).rows;
    png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#7a9' } }).png().toBuffer();
  });
  afterAll(async () => t?.close());

  /** Row counts and last changes of every table a request can write. */
  const fingerprint = async () =>
    (
      await sql<Json>`select
        (select count(*) || '/' || coalesce(max(updated_at)::text, '') from users) as users,
        (select count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(rev), 0) from listings) as listings,
        (select count(*) || '/' || coalesce(max(id), 0) from listing_media) as media,
        (select count(*) from moderation_events) as moderation,
        (select count(*) from contact_messages) as messages,
        (select count(*) from mail_outbox) as mail,
        (select count(*) from auth_sessions) as sessions,
        (select count(*) || '/' || count(used_at) from auth_tokens) as tokens`.execute(t.db)
    ).rows[0];

  /** A real chain of places in any object of a listing body that names a governorate and a district. */
  function withChain(value: unknown, pick: number): unknown {
    if (!chains.length || !value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => withChain(v, pick));
    const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withChain(v, pick)]));
    if ('governorate_id' in o && 'district_id' in o && pick % 5 !== 0) {
      const c = chains[pick % chains.length]!;
      Object.assign(o, { governorate_id: c.governorate_id, district_id: c.district_id });
      if (o.uzlah_id != null || o.village_id != null) Object.assign(o, { uzlah_id: c.uzlah_id, village_id: o.village_id == null ? o.village_id : c.village_id });
    }
    return o;
  }

  it('generated requests of every operation, anonymous, as a user and as an admin, get what the document promises', async () => {
    const started = performance.now();
    const tally = { requests: 0, valid: 0, invalid: 0, refusedInvalid: 0, ruleOnStoredData: 0 };
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (const [i, op] of contract.operations.entries()) {
      for (const [j, role] of ROLES.entries()) {
        const property = fc.asyncProperty(requestArb(contract, op), async (g) => {
          const who = role === 'anonymous' ? null : await createUser(t, { role: role === 'admin' ? 'ADMIN' : 'USER' });
          // Rows the path names: a listing of the user's own (or, for others, someone's), and a photo of it.
          let listing: number | null = null;
          const listingFor = async (ref: Ref) =>
            (listing ??= await insertListing(t.db, ref.$ref === 'own' && who ? who.user.id : someone.user.id, chains[0] ? { governorate_id: chains[0].governorate_id, district_id: chains[0].district_id } : {}));
          let path = op.path;
          for (const [name, v] of Object.entries(g.path)) {
            const id = isRef(v) ? (name === 'imageId' ? await insertMedia(t.db, await listingFor(v)) : await listingFor(v)) : v;
            path = path.replace(`{${name}}`, encodeURIComponent(String(id)));
          }
          const query = new URLSearchParams();
          for (const [k, v] of Object.entries(g.query ?? {})) for (const x of [v].flat()) if (x !== undefined) query.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
          const url = `${path}${query.size ? `?${query}` : ''}`;
          const opts: NonNullable<Parameters<typeof http>[3]> = { token: who?.token };
          const body = g.body;
          if (body && 'text' in body) Object.assign(opts, { raw: body.text, headers: { 'content-type': body.contentType } });
          else if (body?.type === 'application/json') opts.body = g.valid ? withChain(body.value, g.chain) : body.value;
          else if (body?.type === 'application/x-www-form-urlencoded') opts.form = Object.fromEntries(Object.entries(body.value as Json).map(([k, v]) => [k, String(v)]));
          else if (body?.type === 'multipart/form-data') {
            const form = new FormData();
            form.append('file', new Blob([body.value === 'image' ? png : Buffer.from('not an image at all')]), 'photo.png');
            opts.raw = form;
          }

          const before = g.valid ? null : await fingerprint();
          const r = await http(t.url, op.method, url, opts); // checks the answer against the document
          tally.requests += 1;
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const what = `${op.method} ${url} as ${role} (${g.valid ? 'valid' : `invalid, ${g.mutation}`})`;
          expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
          if (g.valid) {
            tally.valid += 1;
            expect(Array.isArray(r.body?.detail) && r.status === 422, `${what} was refused: ${JSON.stringify(r.body)}`).toBe(false);
            // The bearer token decides, as the document's `security` says: anonymous is 401, a fresh session never.
            if (op.op.security?.length) expect(r.status === 401, `${what}: ${r.status} ${JSON.stringify(r.body)}`).toBe(role === 'anonymous');
            if (r.status === 422) tally.ruleOnStoredData += 1;
          } else {
            tally.invalid += 1;
            if (r.status >= 400) tally.refusedInvalid += 1;
            expect(await fingerprint(), `${what} changed the database (answer ${r.status})`).toEqual(before);
          }
        });
        try {
          await fc.assert(property, { numRuns: RUNS, seed: SEED + i * 3 + j });
        } catch (err) {
          const cause = (err as Error).cause instanceof Error ? `\n${((err as Error).cause as Error).message}` : '';
          failures.push(`${op.method} ${op.path} as ${role}: ${(err as Error).message.slice(0, 2000)}${cause.slice(0, 2000)}`);
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(
      `[contract ${kind}] ${tally.requests} generated requests (${tally.valid} valid, ${tally.invalid} invalid, ${tally.refusedInvalid} of them refused) ` +
        `over ${contract.operations.length} operations × ${ROLES.length} roles in ${seconds} s; seed ${SEED} (CONTRACT_SEED), ` +
        `${RUNS} runs each (CONTRACT_RUNS); statuses ${byStatus}; valid requests refused by a rule about stored data: ${tally.ruleOnStoredData}`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(tally.requests).toBeGreaterThan(contract.operations.length * ROLES.length * RUNS * 0.9);
  }, 900_000);
});
