/**
 * Demo photos, drawn at seed time: an SVG scene per property type (a Yemeni tower house with white
 * qamariya windows, an apartment block, a villa behind its wall, a plot under the mountains, an office
 * tower, a row of shops, a sitting room), rendered to JPEG by sharp. Each carries a small "demo" badge so
 * nobody takes them for real photographs.
 */
import sharp from 'sharp';
import type { PropertyType } from '@manzil/shared';

export type Scene = PropertyType | 'INTERIOR' | 'MAJLIS';
export type Sky = 'day' | 'dusk';

const W = 1600;
const H = 1067;

const SKIES: Record<Sky, [string, string]> = {
  day: ['#5fa8e0', '#d8ecf7'],
  dusk: ['#f08a4b', '#fbd9a5'],
};

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function defs(sky: Sky) {
  const [top, bottom] = SKIES[sky];
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9a66b"/><stop offset="1" stop-color="#9c7a45"/></linearGradient>
    <linearGradient id="stone" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a0643c"/><stop offset="1" stop-color="#7a4526"/></linearGradient>
    <linearGradient id="plaster" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3e9da"/><stop offset="1" stop-color="#d9c7ab"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9cc7e6"/><stop offset="1" stop-color="#3f6f93"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe4d2"/><stop offset="1" stop-color="#d8c6a8"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient>
  </defs>`;
}

function backdrop(sky: Sky, r: () => number) {
  const sunX = 200 + r() * 1200;
  const hills = Array.from({ length: 5 }, (_, i) => {
    const x = i * 400 - 100 + r() * 80;
    const h = 160 + r() * 140;
    return `<path d="M${x} 760 L${x + 260} ${760 - h} L${x + 560} 760 Z" fill="#8b6f5a" opacity="${0.45 + r() * 0.2}"/>`;
  }).join('');
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sky === 'dusk' ? 640 : 180}" r="160" fill="url(#sun)"/>
    ${hills}
    <rect y="760" width="${W}" height="${H - 760}" fill="url(#ground)"/>`;
}

/** A white-trimmed window with the half-moon qamariya above it. */
function qamariya(x: number, y: number, w: number, h: number) {
  const colors = ['#d9534f', '#f0ad4e', '#5bc0de', '#5cb85c'];
  const arc = `M${x} ${y} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y} Z`;
  const glass = colors.map((c, i) => {
    const a0 = Math.PI + (i * Math.PI) / 4;
    const a1 = Math.PI + ((i + 1) * Math.PI) / 4;
    const cx = x + w / 2;
    const rr = w / 2 - 4;
    return `<path d="M${cx} ${y} L${cx + rr * Math.cos(a0)} ${y + rr * Math.sin(a0)} A${rr} ${rr} 0 0 1 ${cx + rr * Math.cos(a1)} ${y + rr * Math.sin(a1)} Z" fill="${c}" opacity="0.85"/>`;
  });
  return `<path d="${arc}" fill="#fff"/>${glass.join('')}
    <rect x="${x - 6}" y="${y - 2}" width="${w + 12}" height="${h + 8}" fill="none" stroke="#fff" stroke-width="8"/>
    <rect x="${x}" y="${y + 4}" width="${w}" height="${h}" fill="#3b2a20"/>
    <line x1="${x + w / 2}" y1="${y + 4}" x2="${x + w / 2}" y2="${y + h + 4}" stroke="#6b4b36" stroke-width="4"/>`;
}

function towerHouse(r: () => number) {
  const x = 520;
  const w = 560;
  const floors = 5;
  const fh = 120;
  const top = 760 - floors * fh;
  let s = `<rect x="${x}" y="${top}" width="${w}" height="${floors * fh}" fill="url(#stone)"/>`;
  for (let f = 0; f < floors; f++) {
    const y = top + f * fh + 34;
    s += `<rect x="${x}" y="${top + f * fh + 2}" width="${w}" height="10" fill="#fff" opacity="0.9"/>`;
    for (let i = 0; i < 4; i++) s += qamariya(x + 50 + i * 130, y, 70, 62);
  }
  s += `<path d="M${x - 10} ${top} h${w + 20} v-24 h-${w + 20} Z" fill="#fff"/>`;
  for (let i = 0; i < 14; i++) s += `<path d="M${x + i * 40} ${top - 24} l20 -26 l20 26 Z" fill="#fff"/>`;
  s += `<rect x="${x + w / 2 - 50}" y="${760 - 130}" width="100" height="130" rx="50" fill="#4a2f1e"/>`;
  s += `<rect x="${x - 340}" y="${760 - 260 - r() * 60}" width="260" height="${260 + 60}" fill="url(#stone)" opacity="0.85"/>`;
  s += `<rect x="${x + w + 90}" y="${760 - 330}" width="300" height="330" fill="url(#stone)" opacity="0.8"/>`;
  return s;
}

function apartmentBlock(r: () => number) {
  let s = '';
  const blocks = [
    { x: 240, w: 520, floors: 6 },
    { x: 840, w: 560, floors: 8 },
  ];
  for (const b of blocks) {
    const fh = 80;
    const top = 760 - b.floors * fh;
    s += `<rect x="${b.x}" y="${top}" width="${b.w}" height="${b.floors * fh}" fill="url(#plaster)"/>`;
    s += `<rect x="${b.x - 10}" y="${top - 18}" width="${b.w + 20}" height="18" fill="#b89b74"/>`;
    for (let f = 0; f < b.floors - 1; f++) {
      for (let i = 0; i < Math.floor(b.w / 110); i++) {
        const wx = b.x + 30 + i * 110;
        const wy = top + 18 + f * fh;
        s += `<rect x="${wx}" y="${wy}" width="62" height="48" fill="${r() > 0.3 ? '#35556e' : '#f6d98b'}"/>`;
        s += `<rect x="${wx - 4}" y="${wy + 48}" width="70" height="8" fill="#fff"/>`;
      }
    }
    s += `<rect x="${b.x + b.w / 2 - 45}" y="${760 - 80}" width="90" height="80" fill="#6d4c33"/>`;
  }
  s += `<rect x="0" y="780" width="${W}" height="60" fill="#555"/>`;
  for (let i = 0; i < 16; i++) s += `<rect x="${i * 110}" y="806" width="60" height="8" fill="#eee"/>`;
  return s;
}

function palm(x: number, y: number) {
  let s = `<path d="M${x} ${y} q10 -120 -6 -240" stroke="#7a5a3a" stroke-width="16" fill="none"/>`;
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    s += `<path d="M${x - 6} ${y - 240} q${Math.cos(a) * 70} ${-40 + Math.sin(a) * 30} ${Math.cos(a) * 140} ${Math.sin(a) * 60 + 20}" stroke="#3f7d3a" stroke-width="14" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

function villa() {
  let s = `<rect x="380" y="470" width="840" height="290" fill="url(#plaster)"/>`;
  s += `<rect x="520" y="330" width="560" height="150" fill="url(#plaster)"/>`;
  s += `<rect x="500" y="318" width="600" height="16" fill="#b89b74"/><rect x="360" y="458" width="880" height="16" fill="#b89b74"/>`;
  for (let i = 0; i < 4; i++) s += qamariya(560 + i * 130, 370, 70, 70);
  for (let i = 0; i < 5; i++) s += `<rect x="${430 + i * 160}" y="540" width="90" height="120" fill="#35556e" stroke="#fff" stroke-width="8"/>`;
  s += `<rect x="0" y="690" width="${W}" height="80" fill="#e8dcc6"/><rect x="0" y="682" width="${W}" height="12" fill="#b89b74"/>`;
  s += `<rect x="720" y="640" width="160" height="130" fill="#5a3d28"/>`;
  s += palm(260, 770) + palm(1380, 770);
  return s;
}

function land(r: () => number) {
  let s = `<rect y="700" width="${W}" height="${H - 700}" fill="url(#ground)"/>`;
  for (let i = 0; i < 40; i++) s += `<circle cx="${r() * W}" cy="${720 + r() * 330}" r="${3 + r() * 6}" fill="#7d6038" opacity="0.6"/>`;
  const pts = [
    [260, 1000],
    [420, 760],
    [1200, 760],
    [1380, 1000],
  ];
  s += `<polygon points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="24 18"/>`;
  for (const [x, y] of pts) s += `<rect x="${x! - 8}" y="${y! - 60}" width="16" height="60" fill="#c0392b"/><rect x="${x! - 8}" y="${y! - 60}" width="16" height="14" fill="#fff"/>`;
  s += `<path d="M0 700 Q400 600 800 690 T1600 660 V700 H0 Z" fill="#6b8f4e" opacity="0.6"/>`;
  return s;
}

function officeTower(r: () => number) {
  let s = `<rect x="600" y="120" width="400" height="640" fill="url(#glass)"/>`;
  for (let f = 0; f < 16; f++) s += `<rect x="600" y="${140 + f * 38}" width="400" height="4" fill="#dfeef8" opacity="0.8"/>`;
  for (let c = 0; c < 6; c++) s += `<rect x="${660 + c * 60}" y="120" width="3" height="640" fill="#dfeef8" opacity="0.6"/>`;
  s += `<rect x="560" y="700" width="480" height="60" fill="#8a9aa6"/><rect x="740" y="700" width="120" height="60" fill="#2f4858"/>`;
  s += `<rect x="220" y="380" width="300" height="380" fill="url(#plaster)"/><rect x="1080" y="300" width="320" height="460" fill="url(#plaster)"/>`;
  for (let i = 0; i < 12; i++) {
    s += `<rect x="${250 + (i % 3) * 90}" y="${410 + Math.floor(i / 3) * 80}" width="50" height="44" fill="${r() > 0.5 ? '#35556e' : '#6c8aa0'}"/>`;
    s += `<rect x="${1110 + (i % 3) * 100}" y="${330 + Math.floor(i / 3) * 100}" width="56" height="50" fill="${r() > 0.5 ? '#35556e' : '#6c8aa0'}"/>`;
  }
  return s;
}

function shops(r: () => number) {
  const colors = ['#c0392b', '#2e86c1', '#27ae60', '#d68910', '#7d3c98'];
  let s = `<rect x="100" y="380" width="1400" height="380" fill="url(#plaster)"/><rect x="90" y="366" width="1420" height="18" fill="#b89b74"/>`;
  for (let i = 0; i < 3; i++) s += qamariya(300 + i * 420, 410, 90, 70);
  for (let i = 0; i < 5; i++) {
    const x = 130 + i * 276;
    const c = colors[Math.floor(r() * colors.length)]!;
    s += `<rect x="${x}" y="560" width="240" height="200" fill="#d7dde1"/>`;
    s += `<rect x="${x + 20}" y="590" width="200" height="170" fill="#59636b"/>`;
    for (let k = 0; k < 6; k++) s += `<rect x="${x - 10 + k * 43.3}" y="520" width="43.3" height="50" fill="${k % 2 ? c : '#fff'}"/>`;
    s += `<path d="M${x - 10} 570 q21.6 20 43.3 0 q21.6 20 43.3 0 q21.6 20 43.3 0 q21.6 20 43.3 0 q21.6 20 43.3 0 q21.6 20 43.3 0" fill="${c}"/>`;
  }
  s += `<rect x="0" y="760" width="${W}" height="40" fill="#9b9b9b"/>`;
  return s;
}

function interior(r: () => number, majlis: boolean) {
  let s = `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect y="780" width="${W}" height="${H - 780}" fill="#a47a52"/>`;
  for (let i = 0; i < 10; i++) s += `<rect x="${i * 160}" y="780" width="2" height="${H - 780}" fill="#8a6442"/>`;
  s += `<rect x="560" y="150" width="480" height="380" fill="url(#sky)" stroke="#fff" stroke-width="18"/>`;
  s += `<path d="M560 150 A240 110 0 0 1 1040 150 Z" fill="#fff" transform="translate(0 0)"/>`;
  s += qamariya(720, 80, 160, 0).replace(/<rect[^>]*fill="#3b2a20"[^>]*\/>/, '');
  if (majlis) {
    // Floor cushions along the walls, as in a Yemeni majlis.
    s += `<rect x="60" y="700" width="${W - 120}" height="90" rx="20" fill="#9b2d30"/>`;
    for (let i = 0; i < 9; i++) s += `<rect x="${90 + i * 162}" y="620" width="130" height="90" rx="20" fill="${i % 2 ? '#c8a24a' : '#7b1f24'}"/>`;
    s += `<ellipse cx="800" cy="930" rx="260" ry="50" fill="#6b3a1f"/>`;
  } else {
    s += `<rect x="420" y="640" width="760" height="170" rx="30" fill="#6f8fa6"/><rect x="420" y="560" width="760" height="110" rx="30" fill="#7fa0b8"/>`;
    s += `<rect x="380" y="600" width="80" height="210" rx="24" fill="#5e7d93"/><rect x="1140" y="600" width="80" height="210" rx="24" fill="#5e7d93"/>`;
    s += `<rect x="640" y="880" width="320" height="40" rx="8" fill="#5a3d28"/>`;
    s += `<rect x="1320" y="430" width="140" height="380" fill="#3f6b44" opacity="${0.6 + r() * 0.3}" rx="60"/>`;
  }
  s += `<circle cx="800" cy="40" r="26" fill="#fff5cc"/>`;
  return s;
}

/** Bottom centre: the pages put their own marks in the corners (the gallery's "1 / 2" counter, the cards' badges). */
function badge() {
  return `<g opacity="0.85"><rect x="${W / 2 - 150}" y="${H - 92}" width="300" height="62" rx="31" fill="#000" opacity="0.45"/>
    <text x="${W / 2}" y="${H - 50}" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">Demo · عرض تجريبي</text></g>`;
}

export function sceneSvg(scene: Scene, sky: Sky, seed: number): string {
  const r = rng(seed);
  let body: string;
  if (scene === 'INTERIOR' || scene === 'MAJLIS') body = interior(r, scene === 'MAJLIS');
  else {
    const subject =
      scene === 'HOUSE'
        ? towerHouse(r)
        : scene === 'APARTMENT'
          ? apartmentBlock(r)
          : scene === 'VILLA'
            ? villa()
            : scene === 'LAND'
              ? land(r)
              : scene === 'OFFICE'
                ? officeTower(r)
                : shops(r);
    body = backdrop(sky, r) + subject;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}${body}${badge()}</svg>`;
}

/** The scene as a JPEG, as if an owner had uploaded a photo. */
export function renderScene(scene: Scene, sky: Sky, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene, sky, seed))).jpeg({ quality: 82 }).toBuffer();
}
