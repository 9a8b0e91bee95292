/**
 * Generates the web-app-manifest icons (PNG 192/512, plus a maskable 512 with a safe zone and the
 * 180 px Apple touch icon) from the favicon's drawing with sharp. Run once after changing the logo:
 *   node apps/web/scripts/make-icons.mjs
 * The PNGs are committed (a few KB) so the build needs no image tooling and nothing is downloaded.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });

const house = '<path d="M14 31 32 16l18 15v17a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z" fill="#fff"/><circle cx="32" cy="29" r="3.5" fill="#f2b544"/>';
// "any": rounded square like the favicon. "maskable": full bleed, drawing inside the central 80 % safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5d56"/>${house}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b5d56"/><g transform="translate(6.4 6.4) scale(0.8)">${house}</g></svg>`;

const jobs = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, name));
  console.log(`wrote ${join(out, name)}`);
}
