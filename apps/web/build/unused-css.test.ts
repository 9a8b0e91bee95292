import { describe, expect, it } from 'vitest';
import { classMayBeUsed, cssClassesIn, dropUnusedRules, requiredClasses, stringWordsIn, wordsIn } from './unused-css';

describe('unused Bootstrap rules', () => {
  const words = stringWordsIn(
    'const a="btn",b=`${p}-${v}`,c="outline-light",d="sm",e=`bi-${x}`,f="d-flex gap-2 mt-3",g="spinner-border",h="modal-open show fade",i="house",m=1,n="md",o=`${q?"row row-cols-md-2":"d-grid"} x`;',
  );

  it('stays in step past regular expressions and strings with quotes in them', () => {
    const w = stringWordsIn(`const r=/'/g,s="Yemen's market",t=/"/,u='say "hi"',v=\`it's\`;x(r,"nav-links d-none d-lg-flex");`);
    for (const c of ['nav-links', 'd-none', 'd-lg-flex', 'market']) expect(w.has(c), c).toBe(true);
    expect(w.has('x')).toBe(false);
    expect(w.has('r')).toBe(false);
  });

  it('reads words from string literals only, not minified identifiers', () => {
    expect(words.has('btn')).toBe(true);
    expect(words.has('bi-')).toBe(true);
    expect(words.has('d-flex')).toBe(true);
    expect(words.has('row-cols-md-2')).toBe(true);
    expect(words.has('d-grid')).toBe(true);
    expect(words.has('a')).toBe(false);
    expect(words.has('m')).toBe(false);
    expect(words.has('q')).toBe(false);
  });

  it('keeps literal classes and classes composed from words, never from digits or with an inner breakpoint', () => {
    for (const c of ['btn', 'd-flex', 'btn-outline-light', 'btn-sm', 'spinner-border-sm', 'modal-open', 'bi-house']) {
      expect(classMayBeUsed(c, words), c).toBe(true);
    }
    for (const c of ['btn-danger', 'mt-4', 'd-md-flex', 'mt-sm-3', 'table', 'b-sm', 'bi-car']) {
      expect(classMayBeUsed(c, words), c).toBe(false);
    }
  });

  it('ignores classes inside :not() and keeps selectors it cannot judge', () => {
    expect(requiredClasses('.btn-group>.btn:not(:last-child):not(.dropdown-toggle)')).toEqual(['btn-group', 'btn']);
    expect(requiredClasses(':is(.a,.b) .c')).toBeNull();
    expect(requiredClasses('[dir=rtl] a:hover')).toEqual([]);
  });

  it('drops rules and empty media queries, keeps :root, elements, font faces and keyframes', () => {
    const css =
      ':root{--x:1}body{margin:0}.btn{color:red}.table{color:blue}.btn,.table>td{x:1}' +
      '@media (min-width:768px){.d-md-flex{display:flex}}@media print{.d-flex{display:flex}}' +
      '@keyframes spin{from{a:1}to{a:2}}@font-face{font-family:x;src:url(x.woff2)}';
    const out = dropUnusedRules(css, wordsIn(['btn d-flex']));
    expect(out.css).toBe(
      ':root{--x:1}body{margin:0}.btn{color:red}.btn{x:1}@media print{.d-flex{display:flex}}@keyframes spin{from{a:1}to{a:2}}@font-face{font-family:x;src:url(x.woff2)}',
    );
    expect(out.droppedRules).toBe(2);
  });

  it('reads class names from selectors of the app CSS, not its properties', () => {
    expect([...cssClassesIn('.home-hero .btn{display:flex;justify-content:center}')]).toEqual(['home-hero', 'btn']);
  });
});
