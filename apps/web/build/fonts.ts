/** Font subsetting shared by the icon and Arabic font plugins. */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A font cut down to the characters of `text`, as woff2 (subset-font: HarfBuzz, layout features kept). */
export function subsetWoff2(font: Buffer, text: string): Promise<Buffer> {
  const subsetFont = require('subset-font') as (font: Buffer, text: string, o: { targetFormat: 'woff2' }) => Promise<Buffer>;
  return subsetFont(font, text, { targetFormat: 'woff2' });
}

/** assets/<base>-<hash of the content>.woff2: a new name whenever the cut changes (assets are cached a year). */
export const hashedFontName = (base: string, font: Buffer) => `assets/${base}-${createHash('sha256').update(font).digest('hex').slice(0, 8)}.woff2`;
