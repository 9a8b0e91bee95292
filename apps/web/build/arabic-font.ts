import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { hashedFontName, subsetWoff2 } from './fonts';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Arabic, cut down to what Arabic text here uses: the Arabic block (letters, marks, Arabic-Indic
 * digits, punctuation), the joiners and direction marks, and presentation forms B, which older text still
 * carries, with the few presentation forms A people type (ﷲ, ﷺ, ﷻ, the Rial sign ﷼, ﷽). The package's "arabic"
 * files also hold the Arabic Supplement and Extended blocks and the other presentation forms A (hundreds of
 * ligatures): 49–50 KB per weight, against 24–25 KB for this. Each Arabic first visit
 * loads two weights, so this is ~50 KB less before the text settles on a slow link. GSUB/GPOS survive the cut
 * (HarfBuzz keeps the shaping features), so words join as before; a character outside the range (a Persian or
 * Urdu letter, a ligature sign) takes the next font in the stack, as `unicode-range` tells the browser up front.
 *
 * The space and the no-break space are in the range too (the package's files carry their glyphs but leave them
 * to Google's Latin file, which we do not ship). The first font of a stack that covers the space is the one the
 * browser measures lines with; without it, every size and weight of Arabic text also set up the system font
 * behind it, and on Linux each such setup is a blocking call to the browser process (measured on a listing's
 * page: 36 of these instead of 13, and the first layout twice as long).
 * Build only: the dev server serves the package's own files.
 */
const ARABIC_RANGES: [number, number][] = [
  [0x0020, 0x0020],
  [0x00a0, 0x00a0],
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
  [0x2010, 0x2011],
  [0x204f, 0x204f],
  [0x2e41, 0x2e41],
  [0xfdf2, 0xfdf2],
  [0xfdfa, 0xfdfd],
  [0xfe70, 0xfeff],
];

export function arabicFontSubset(): Plugin {
  const pkgDir = dirname(require.resolve('@fontsource/noto-sans-arabic/package.json'));
  const PREFIX = '\0manzil-arabic-font-';
  const text = ARABIC_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const unicodeRange = ARABIC_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
  return {
    name: 'manzil-arabic-font-subset',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise hand the package's stylesheet straight to the CSS plugin.
    enforce: 'pre',
    resolveId(id) {
      const m = /^@fontsource\/noto-sans-arabic\/arabic-(400|700)\.css$/.exec(id);
      return m ? `${PREFIX}${m[1]}.css` : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const weight = id.slice(PREFIX.length, -'.css'.length);
      const source = readFileSync(join(pkgDir, 'files', `noto-sans-arabic-arabic-${weight}-normal.woff2`));
      const font = await subsetWoff2(source, text);
      // The name keeps the package's pattern: the server preloads it on Arabic pages (apps/api/src/plugins/pages.ts).
      const fileName = hashedFontName(`noto-sans-arabic-arabic-${weight}-normal`, font);
      this.emitFile({ type: 'asset', fileName, source: font });
      this.info(`Noto Sans Arabic ${weight}: ${(source.length / 1024).toFixed(1)} KB -> ${(font.length / 1024).toFixed(1)} KB`);
      return `@font-face{font-family:'Noto Sans Arabic';font-style:normal;font-display:swap;font-weight:${weight};src:url("/${fileName}") format("woff2");unicode-range:${unicodeRange}}`;
    },
  };
}
