/** The web app's locale files, read by the journeys to find what a page shows in each language. */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, type Lang } from './harness';

export type Tree = { [k: string]: string | Tree };

export const locale = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/src/i18n/locales', lang, `${ns}.json`), 'utf8')) as Tree;

/** A dotted key's text; throws on a missing key so a renamed one fails loudly. */
export const pick = (tree: Tree, key: string): string => {
  const v = key.split('.').reduce<Tree | string | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), tree);
  if (typeof v !== 'string') throw new Error(`missing locale key ${key}`);
  return v;
};
