/**
 * Drops the rules of a stylesheet (Bootstrap) whose class selectors the app can never match, at build time.
 *
 * Bootstrap ships ~230 KB (31 KB gzip) of CSS, render-blocking on every first visit; the app uses a small part
 * of it. Which classes the app may use is read from what the build ships: every word in every JavaScript chunk
 * (the app's own className strings, react-bootstrap's runtime classes such as `show`, `fade`, `modal-open`,
 * the locale files), the app's CSS and index.html. Classes that code builds from pieces (`${prefix}-${variant}`
 * → `btn-outline-light`, `col-${breakpoint}-${span}`) are kept when the class can be split at hyphens into
 * words that all occur. The scan errs wide: keeping an unused rule costs a few bytes, dropping a used one
 * would show an unstyled element.
 *
 * A selector is dropped only when a class it needs (outside `:not(…)`) is unknown; element, attribute,
 * `:root` and at-rules such as `@font-face`/`@keyframes` always stay, as does any selector with `:is()` or
 * `:where()`. A rule is dropped when none of its selectors stays; an at-rule left empty goes too.
 */
import postcss, { type AtRule, type Container, type Rule } from 'postcss';
import { parseAst } from 'rollup/parseAst';

/** Every word that could be (part of) a class name in the given texts (HTML, CSS: all of it). */
export function wordsIn(texts: Iterable<string>, words = new Set<string>()): Set<string> {
  for (const text of texts) for (const m of text.matchAll(/[A-Za-z0-9_-]+/g)) words.add(m[0]);
  return words;
}

/** The class names a stylesheet's selectors mention (not its property names and values). */
export function cssClassesIn(css: string, words = new Set<string>()): Set<string> {
  for (const m of css.replace(/\{[^{}]*\}/g, '{}').matchAll(/\.((?:[A-Za-z0-9_-])+)/g)) words.add(m[1]!);
  return words;
}

/**
 * The words inside the string and template literals of (minified) JavaScript: class names are always
 * written as strings, and minified identifiers (`a`, `n`, `g`) must not count as words. Read from the
 * syntax tree, not with a pattern: a regular expression or a string with a quote in it (`/'/`,
 * "Yemen's") would put a pattern out of step, and the class names after it would be lost.
 */
export function stringWordsIn(code: string, words = new Set<string>()): Set<string> {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    const n = node as { type?: string; value?: unknown };
    if (n.type === 'Literal' && typeof n.value === 'string') wordsIn([n.value], words);
    else if (n.type === 'TemplateElement') wordsIn([(n.value as { cooked?: string; raw: string }).cooked ?? (n.value as { raw: string }).raw], words);
    for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') visit(v);
  };
  visit(parseAst(code));
  return words;
}

const BREAKPOINT_END = /-(sm|md|lg|xl|xxl)$/;

/**
 * Whether `name` occurs as a word, or is a word (or a template prefix such as `btn-`, written in code as
 * `btn-${size}`) followed by `-word`, recursively: `btn-outline-light` from `btn` and `outline-light`,
 * `spinner-border-sm` from `spinner-border` and `sm`. A number or a single letter never joins on its own
 * (minified code is full of them), and a breakpoint joins only at the end (`btn-sm`, `modal-lg`): responsive
 * utilities such as `mt-sm-3`, `d-md-flex` or `text-lg-end` are kept only when written out somewhere.
 */
export function classMayBeUsed(name: string, words: Set<string>, memo = new Map<string, boolean>()): boolean {
  if (words.has(name)) return true;
  const known = memo.get(name);
  if (known !== undefined) return known;
  memo.set(name, false);
  let ok = false;
  for (let i = name.indexOf('-'); i > 0 && !ok; i = name.indexOf('-', i + 1)) {
    const head = name.slice(0, i);
    const tail = name.slice(i + 1);
    if (!words.has(tail) || /^\d+$/.test(tail) || head.length < 2) continue;
    if (BREAKPOINT_END.test(head) && !words.has(head) && !words.has(`${head}-`)) continue;
    ok = words.has(`${head}-`) || classMayBeUsed(head, words, memo);
  }
  memo.set(name, ok);
  return ok;
}

/** Classes a selector needs to match: those outside `:not(…)`. Null when it cannot tell (`:is`, `:where`). */
export function requiredClasses(selector: string): string[] | null {
  if (/:(is|where|has)\(/.test(selector)) return null;
  let s = selector;
  // Innermost first, so nested parentheses go too.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/:not\([^()]*\)/g, '');
  }
  return [...s.matchAll(/\.((?:[A-Za-z0-9_-]|\\.)+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

export interface PurgeResult {
  css: string;
  keptRules: number;
  droppedRules: number;
}

export function dropUnusedRules(css: string, words: Set<string>): PurgeResult {
  const root = postcss.parse(css);
  const memo = new Map<string, boolean>();
  let keptRules = 0;
  let droppedRules = 0;
  const keepSelector = (sel: string) => {
    const classes = requiredClasses(sel);
    return classes === null || classes.every((c) => classMayBeUsed(c, words, memo));
  };
  root.walkRules((rule: Rule) => {
    const parent = rule.parent as AtRule | undefined;
    if (parent?.type === 'atrule' && /keyframes$/i.test(parent.name)) return;
    const kept = rule.selectors.filter(keepSelector);
    if (kept.length === 0) {
      rule.remove();
      droppedRules++;
    } else {
      if (kept.length !== rule.selectors.length) rule.selector = kept.join(',');
      keptRules++;
    }
  });
  const pruneEmpty = (node: Container) => {
    node.each((child) => {
      if (child.type === 'atrule' && child.nodes) {
        pruneEmpty(child);
        if (child.nodes.length === 0) child.remove();
      }
    });
  };
  pruneEmpty(root);
  return { css: root.toString(), keptRules, droppedRules };
}
