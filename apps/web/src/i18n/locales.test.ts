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
    expect([...ar.keys()].filter((k) => !en.has(k)), 'keys only in ar').toEqual([]);
    expect([...en.keys()].filter((k) => !ar.has(k)), 'keys only in en').toEqual([]);
    for (const [key, text] of ar) {
      expect(text.trim(), `ar ${ns}:${key}`).not.toBe('');
      expect(placeholders(text), `placeholders of ${ns}:${key}`).toEqual(placeholders(en.get(key)!));
    }
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
