import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { hashedFontName, subsetWoff2 } from './fonts';
import { webRoot } from './paths';

const require = createRequire(import.meta.url);

/**
 * Bootstrap Icons, cut down to the icons the app uses. The full webfont is 134 KB (and its CSS lists all
 * 2,000 classes); a build needs only the hundred or so that appear in src/. `import 'virtual:bootstrap-icons.css'`
 * gives the full stylesheet on the dev server and, in a build, a stylesheet with only the used classes and a
 * woff2 subset made with subset-font (harfbuzz), preloaded from index.html.
 *
 * Which icons are used is read from the source: every `bi-NAME` token, every quoted string that is an icon
 * name (`icon: 'buildings'`, `icon="envelope"` → `bi bi-${icon}`), and for a template such as
 * `bi-chevron-${open ? 'up' : 'down'}` the prefix joined with each quoted string of that file. Over-counting
 * an icon costs a few hundred bytes; missing one would show an empty box, so the scan errs wide.
 */
export function bootstrapIconsSubset(): Plugin {
  const VIRTUAL = 'virtual:bootstrap-icons.css';
  const RESOLVED = '\0manzil-bootstrap-icons.css';
  const fontDir = join(dirname(require.resolve('bootstrap-icons/package.json')), 'font');
  const codepoints = JSON.parse(readFileSync(join(fontDir, 'bootstrap-icons.json'), 'utf8')) as Record<string, number>;
  const srcDir = join(webRoot, 'src');
  let serve = false;
  let fontFile = '';

  function usedIcons(): string[] {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|css|html)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) scan(readFileSync(p, 'utf8'));
      }
    };
    const scan = (text: string) => {
      const literals = [...text.matchAll(/['"`]([a-z0-9]+(?:-[a-z0-9]+)*)['"`]/g)].map((m) => m[1]!);
      for (const m of text.matchAll(/\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)/g)) used.add(m[1]!);
      for (const l of literals) used.add(l);
      for (const m of text.matchAll(/\bbi-((?:[a-z0-9]+-)*)\$\{/g)) for (const l of literals) used.add(m[1]! + l);
    };
    walk(srcDir);
    scan(readFileSync(join(webRoot, 'index.html'), 'utf8'));
    return [...used].filter((n) => codepoints[n] !== undefined).sort();
  }

  return {
    name: 'manzil-bootstrap-icons-subset',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      if (id !== VIRTUAL) return undefined;
      return serve ? join(fontDir, 'bootstrap-icons.min.css') : RESOLVED;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const names = usedIcons();
      const font = await subsetWoff2(readFileSync(join(fontDir, 'fonts/bootstrap-icons.woff2')), String.fromCodePoint(...names.map((n) => codepoints[n]!)));
      fontFile = hashedFontName('bootstrap-icons-subset', font);
      this.emitFile({ type: 'asset', fileName: fontFile, source: font });
      const base = readFileSync(join(fontDir, 'bootstrap-icons.min.css'), 'utf8');
      // The rule every icon shares (font family, alignment), copied from the package's own stylesheet.
      const shared = /\.bi::before,[^{]+\{[^}]+\}/.exec(base)?.[0];
      if (!shared) throw new Error('bootstrap-icons.min.css: the shared .bi::before rule was not found');
      // block, as Bootstrap Icons' own stylesheet: while the font loads on a slow link, an icon is blank, not
      // a box or a stray letter from the text's font standing for its private-use character.
      const face = `@font-face{font-display:block;font-family:bootstrap-icons;src:url("/${fontFile}") format("woff2")}`;
      const classes = names.map((n) => `.bi-${n}::before{content:"\\${codepoints[n]!.toString(16)}"}`).join('');
      // Every glyph is 1em wide: reserving that keeps a late font (a loaded phone) from moving the line when it swaps in.
      const box = '.bi::before{width:1em}';
      this.info(`bootstrap-icons: ${names.length} icons, woff2 subset ${(font.length / 1024).toFixed(1)} KB`);
      return `${face}${shared}${box}${classes}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        fontFile ? [{ tag: 'link', attrs: { rel: 'preload', href: `/${fontFile}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }] : [],
    },
  };
}
