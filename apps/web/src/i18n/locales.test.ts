import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@manzil/shared';
import { NAMESPACES, SUPPORTED_LANGUAGES } from './config';

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), 'locales');

type Tree = { [key: string]: string | Tree };
const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const PLURAL_SUFFIX = /_(?:ordinal_)?(zero|one|two|few|many|other)$/;

/** key without plural suffix → the plural categories present (empty set for a plain key). */
function baseKeys(flat: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const m = PLURAL_SUFFIX.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    const forms = out.get(base) ?? new Set<string>();
    if (m) forms.add(m[1]!);
    out.set(base, forms);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('every namespace exists in every language, and no stray files', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const files = readdirSync(join(LOCALES, lng)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });

  it.each([...NAMESPACES])('%s: ar and en have the same keys and placeholders, no empty texts', (ns) => {
    const ar = flatten(load('ar', ns));
    const en = flatten(load('en', ns));
    // Plural keys differ by language (Arabic: zero/one/two/few/many/other, English: one/other), so keys are
    // compared without their plural suffix, and each language must have every category it needs.
    const arBases = baseKeys(ar);
    const enBases = baseKeys(en);
    expect([...arBases.keys()].filter((k) => !enBases.has(k)), 'keys only in ar').toEqual([]);
    expect([...enBases.keys()].filter((k) => !arBases.has(k)), 'keys only in en').toEqual([]);
    for (const [lng, bases] of [['ar', arBases], ['en', enBases]] as const) {
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const [base, forms] of bases) {
        if (forms.size === 0) continue;
        for (const category of needed) {
          expect(forms.has(category), `${lng} ${ns}:${base}_${category} (plural form missing)`).toBe(true);
        }
      }
    }
    for (const [key, text] of ar) {
      expect(text.trim(), `ar ${ns}:${key}`).not.toBe('');
      const counterpart = en.get(key) ?? en.get(key.replace(PLURAL_SUFFIX, '_other'));
      if (counterpart !== undefined && (!PLURAL_SUFFIX.test(key) || key.endsWith('_other'))) {
        expect(placeholders(text), `placeholders of ${ns}:${key}`).toEqual(placeholders(counterpart));
      }
    }
    for (const [key, text] of en) expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
  });

  it('errors has every MESSAGES key; English identical to MESSAGES, Arabic translated', () => {
    const ar = flatten(load('ar', 'errors'));
    const en = flatten(load('en', 'errors'));
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(en.get(key), `en errors:${key}`).toBe(text);
      expect(ar.get(key), `ar errors:${key}`).toBeTruthy();
      expect(ar.get(key), `ar errors:${key} is untranslated`).not.toBe(text);
      expect(ar.get(key)!, `ar errors:${key} has Arabic script`).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

const SRC = join(LOCALES, '..', '..');

/** Every .ts/.tsx file of the app but tests and the locales. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('keys the code asks for', () => {
  // i18next shows a missing key as the key itself ("map.satellite" on the map picker): each literal key of a
  // t('…') must exist. A file's plain keys are read when its namespace is certain: every useTranslation of it
  // names the same one (none: common) and no keyPrefix; "ns:key" anywhere names its namespace itself.
  it('every literal t() key exists in English (the same keys in Arabic: above)', () => {
    // A key names a text (plural forms by their base) or, with returnObjects, a list or group of them.
    const known = new Map(
      [...NAMESPACES].map((ns) => {
        const keys = new Set(baseKeys(flatten(load('en', ns))).keys());
        for (const key of [...keys]) for (let i = key.indexOf('.'); i > 0; i = key.indexOf('.', i + 1)) keys.add(key.slice(0, i));
        return [ns, keys];
      }),
    );
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      const calls = new Set([...code.matchAll(/useTranslation\(([^)]*)\)/g)].map((m) => (m[1]!.trim() === '' ? 'common' : /^'([\w-]+)'(?:\s*,[^)]*)?$/.exec(m[1]!.trim())?.[1])));
      const own = calls.size === 1 && !code.includes('keyPrefix') ? [...calls][0] : undefined;
      for (const [, key] of code.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const [ns, name] = key!.includes(':') ? key!.split(':', 2) : [own, key];
        if (!ns || !name || !known.has(ns as never)) continue;
        if (!known.get(ns as never)!.has(name)) missing.push(`${file.slice(SRC.length + 1)}: ${ns}:${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
