/**
 * Photos in the order chosen, with a cover (issue 25), in Chromium, Arabic and English, phone (390 px) and
 * desktop (1280 px): a text file renamed .jpg is refused in the picker by name; three photos picked in the add
 * form are stored in that order, the first the cover, even when an upload in the middle is refused by the server
 * (its name and the server's reason are shown); on edit the owner reorders by keyboard ("move later" with Enter
 * and Space, "make cover"), focus staying on the moved photo, and on desktop by dragging a photo with the mouse;
 * the API has the new order after saving. A phone's 4000 px photo is sent at 1600 px, upright, in under half its
 * bytes; one over 5 MB is taken when it shrinks under that, and refused when it cannot.
 * Screenshots in SHOTS_DIR/photos/.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, api, chooseLocation, launchBrowser, newContext, openApp, registerUser, shot, startServer, watchPage, type Lang, type RunningServer } from './harness';
import { locale, pick } from './locales';

const AREA = 'photos';
let server: RunningServer;
let browser: Browser;

type Colour = 'red' | 'green' | 'blue';
const RGB: Record<Colour, [number, number, number]> = { red: [200, 30, 40], green: [30, 170, 60], blue: [30, 60, 200] };
const picked: { name: string; colour: Colour; format: 'jpeg' | 'png' | 'webp' }[] = [
  { name: 'front-door.jpg', colour: 'red', format: 'jpeg' },
  { name: 'garden.png', colour: 'green', format: 'png' },
  { name: 'street.webp', colour: 'blue', format: 'webp' },
];
let files: Map<string, { name: string; mimeType: string; buffer: Buffer }>;

async function photo(colour: Colour, format: 'jpeg' | 'png' | 'webp') {
  const [r, g, b] = RGB[colour];
  const img = sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } });
  return format === 'jpeg' ? img.jpeg({ quality: 80 }).toBuffer() : format === 'png' ? img.png().toBuffer() : img.webp().toBuffer();
}

/** The colour a stored photo shows, read from the file the server serves. */
async function colourOf(fileUrl: string): Promise<Colour | 'other'> {
  const res = await fetch(server.url + fileUrl);
  expect(res.status).toBe(200);
  const { channels } = await sharp(Buffer.from(await res.arrayBuffer())).stats();
  const mean = channels.slice(0, 3).map((c) => c.mean);
  for (const [name, rgb] of Object.entries(RGB) as [Colour, number[]][]) {
    if (rgb.every((v, i) => Math.abs(v - mean[i]!) < 25)) return name;
  }
  return 'other';
}

async function mediaOf(id: number, token: string) {
  const r = await api(server, 'GET', `/listings/${id}`, { token });
  expect(r.status).toBe(200);
  const media = r.body.media as { id: number; file_url: string; position: number }[];
  return { ids: media.map((m) => m.id), colours: await Promise.all(media.map((m) => colourOf(m.file_url))) };
}


/** The media id of the photo whose button has focus, or null when focus is elsewhere. */
const focusedPhoto = (page: Page) =>
  page.evaluate(() => {
    const li = document.activeElement?.closest<HTMLElement>('[data-photo-key]');
    return li ? { key: li.dataset.photoKey!, action: (document.activeElement as HTMLElement).dataset.action ?? null } : null;
  });

/** The add form opened and filled but for its photos. */
async function openNewListing(page: Page, title: string, description: string) {
  await openApp(page, `${server.url}/add-property`);
  await page.waitForSelector('[data-testid="listing-form"]');
  await page.fill('[data-testid="input-title_ar"]', title);
  await page.fill('[data-testid="input-description_ar"]', description);
  await page.fill('[data-testid="input-price"]', '500');
  await page.fill('[data-testid="input-area_sqm"]', '120');
  await chooseLocation(page);
}

/** The order the form shows: each photo's key. */
const shownOrder = (page: Page) => page.$$eval('[data-testid="photo-list"] > li', (lis) => lis.map((li) => (li as HTMLElement).dataset.photoKey!));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  files = new Map();
  for (const p of picked) files.set(p.colour, { name: p.name, mimeType: `image/${p.format}`, buffer: await photo(p.colour, p.format) });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('photo order and cover', () => {
  for (const lang of ['ar', 'en'] as Lang[]) {
    const owner = locale(lang, 'owner');
    const errors = locale(lang, 'errors');
    for (const [vpName, viewport] of [
      ['phone', MOBILE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`${lang} ${vpName}: first picked is the cover; reordered by keyboard on edit; a renamed text file is refused`, async () => {
        const user = await registerUser(server);
        const ctx = await newContext(browser, { lang, viewport, token: user.token });
        const page = await ctx.newPage();
        const seen = watchPage(page);
        const tag = `${lang}-${vpName}`;

        await openNewListing(page, 'شقة بثلاث صور مرتبة', 'شقة واسعة مع صور مرتبة كما اختارها المالك');

        // ---- a text file named .jpg (its type says JPEG): refused in the picker, by its name ----
        const input = page.locator('[data-testid="image-input"]');
        await input.setInputFiles([files.get('red')!, { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('hello, I am not a picture at all') }]);
        const problem = page.locator('[data-testid="image-problem"]');
        await problem.waitFor();
        expect(await problem.innerText()).toContain('holiday.jpg');
        const [before1, after1] = pick(owner, 'addProperty.validation.invalidFileContent').split('{{name}}') as [string, string];
        expect(await problem.innerText()).toContain(`${before1}holiday.jpg${after1.slice(0, 12)}`);
        expect(await page.locator('[data-testid="pending-image"]').count()).toBe(0);
        await problem.scrollIntoViewIfNeeded();
        await shot(page, AREA, `${tag}-01-renamed-text-refused`);

        // ---- three photos picked, and a truncated JPEG between them that only the server can judge ----
        const broken = { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: files.get('red')!.buffer.subarray(0, 300) };
        await input.setInputFiles([files.get('red')!, broken, files.get('green')!, files.get('blue')!]);
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="pending-image"]').length === 4);
        expect(await problem.count()).toBe(0);
        const first = page.locator('[data-testid="photo-list"] > li').first();
        expect(await first.locator('[data-testid="cover-badge"]').count()).toBe(1);
        expect(await page.locator('[data-testid="cover-badge"]').count()).toBe(1);
        expect(await first.locator('img').getAttribute('alt')).toContain('front-door.jpg');
        await page.locator('[data-testid="photo-list"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await shot(page, AREA, `${tag}-02-picked`);

        await page.click('[data-testid="submit-listing"]');
        const banner = page.locator('[data-testid="form-banner"]');
        await page.locator('[data-testid="form-banner-details"]').waitFor({ timeout: 30_000 });
        // The server's reason, in the page's language, with the file's name.
        const details = await page.locator('[data-testid="form-banner-details"]').innerText();
        expect(details).toContain(
          pick(owner, 'addProperty.messages.fileError').replace('{{name}}', 'broken.jpg').replace('{{message}}', pick(errors, 'invalidFileType')),
        );
        await banner.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await shot(page, AREA, `${tag}-03-server-refused-one`);
        await page.getByRole('button', { name: pick(owner, 'addProperty.messages.continueWithout') }).click();
        await page.locator('[data-testid="form-banner"].alert-success').waitFor({ timeout: 30_000 });

        const mine = await api(server, 'GET', '/listings/my-listings', { token: user.token });
        expect(mine.body.total).toBe(1);
        const id = mine.body.items[0].id as number;
        const added = await mediaOf(id, user.token);
        // Uploaded in parallel: stored in the order picked, whatever order they finished in; the first is the cover.
        expect(added.colours).toEqual(['red', 'green', 'blue']);
        const [red, green, blue] = added.ids as [number, number, number];

        // ---- edit: reorder by keyboard ----
        await openApp(page, `${server.url}/edit-property/${id}`);
        await page.waitForSelector('[data-testid="listing-form"]');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="existing-image"]').length === 3);
        expect(await shownOrder(page)).toEqual([`m${red}`, `m${green}`, `m${blue}`]);
        const photoEl = (mediaId: number) => page.locator(`[data-photo-key="m${mediaId}"]`);
        const laterOfRed = photoEl(red).locator('[data-testid="move-later"]');
        expect(await laterOfRed.getAttribute('aria-label')).toBe(pick(owner, 'addProperty.images.moveLater').replace('{{n}}', '1'));
        await laterOfRed.scrollIntoViewIfNeeded();
        const before = (await photoEl(red).boundingBox())!;

        await laterOfRed.focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction((k) => document.querySelector('[data-testid="photo-list"] > li:nth-child(2)')?.getAttribute('data-photo-key') === k, `m${red}`);
        expect(await shownOrder(page)).toEqual([`m${green}`, `m${red}`, `m${blue}`]);
        expect(await focusedPhoto(page)).toEqual({ key: `m${red}`, action: 'later' });
        // Later follows the reading direction: to the left in Arabic, to the right in English (same row).
        const after = (await photoEl(red).boundingBox())!;
        if (Math.abs(after.y - before.y) < 5) expect(lang === 'ar' ? after.x < before.x : after.x > before.x).toBe(true);
        else expect(after.y).toBeGreaterThan(before.y);
        const status = page.locator('[data-testid="photo-order-status"]');
        expect(await status.innerText()).toBe(pick(owner, 'addProperty.images.moved').replace('{{position}}', '2').replace('{{count}}', '3'));
        // The label now names the new place.
        expect(await laterOfRed.getAttribute('aria-label')).toBe(pick(owner, 'addProperty.images.moveLater').replace('{{n}}', '2'));

        await page.keyboard.press('Space');
        await page.waitForFunction((k) => document.querySelector('[data-testid="photo-list"] > li:nth-child(3)')?.getAttribute('data-photo-key') === k, `m${red}`);
        expect(await shownOrder(page)).toEqual([`m${green}`, `m${blue}`, `m${red}`]);
        expect(await focusedPhoto(page)).toEqual({ key: `m${red}`, action: 'later' });
        // At the end: still focused, nothing moves, and it is said.
        expect(await laterOfRed.getAttribute('aria-disabled')).toBe('true');
        await page.keyboard.press('Enter');
        await expect.poll(() => status.innerText()).toBe(pick(owner, 'addProperty.images.alreadyLast'));
        expect(await shownOrder(page)).toEqual([`m${green}`, `m${blue}`, `m${red}`]);
        expect(await focusedPhoto(page)).toEqual({ key: `m${red}`, action: 'later' });

        // "Make cover" on the blue photo, by keyboard: it goes first, focus stays on its buttons.
        const coverBlue = photoEl(blue).locator('[data-testid="make-cover"]');
        await coverBlue.focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction((k) => document.querySelector('[data-testid="photo-list"] > li:first-child')?.getAttribute('data-photo-key') === k, `m${blue}`);
        expect(await shownOrder(page)).toEqual([`m${blue}`, `m${green}`, `m${red}`]);
        expect(await focusedPhoto(page)).toEqual({ key: `m${blue}`, action: 'later' });
        expect(await photoEl(blue).locator('[data-testid="cover-badge"]').count()).toBe(1);
        expect(await status.innerText()).toBe(pick(owner, 'addProperty.images.nowCover').replace('{{count}}', '3'));
        let expected: [number, Colour][] = [
          [blue, 'blue'],
          [green, 'green'],
          [red, 'red'],
        ];
        if (vpName === 'desktop') {
          // With a mouse, a photo is dragged onto the place it should take: red before green.
          await photoEl(red).dragTo(photoEl(green));
          await page.waitForFunction((k) => document.querySelector('[data-testid="photo-list"] > li:nth-child(2)')?.getAttribute('data-photo-key') === k, `m${red}`);
          expected = [expected[0]!, expected[2]!, expected[1]!];
        }
        expect(await shownOrder(page)).toEqual(expected.map(([m]) => `m${m}`));
        // Nothing is sent before the owner saves.
        expect((await mediaOf(id, user.token)).ids).toEqual([red, green, blue]);
        await page.locator('[data-testid="photo-list"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await shot(page, AREA, `${tag}-04-reordered`);

        await page.click('[data-testid="submit-listing"]');
        await page.locator('[data-testid="form-banner"].alert-success').waitFor({ timeout: 30_000 });
        await shot(page, AREA, `${tag}-05-saved`);
        const saved = await mediaOf(id, user.token);
        expect(saved.ids).toEqual(expected.map(([m]) => m));
        expect(saved.colours).toEqual(expected.map(([, c]) => c));

        expect(seen.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
        await ctx.close();
      });
    }
  }
});

/**
 * A camera's photo: 4000 × 3000 stored, turned a quarter clockwise by its orientation tag (so 3000 × 4000 as
 * seen, red on the right, blue on the left). Noise drawn at `grain` px and enlarged sets its weight: 400 px gives
 * 1–2 MB, as many phones' photos; 2000 px over 5 MB, as others'.
 */
async function cameraPhoto(grain: number): Promise<Buffer> {
  const w = grain;
  const h = (grain * 3) / 4;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 60;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const rgb = y < h / 2 ? RGB.red : RGB.blue;
      for (let c = 0; c < 3; c++) raw[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + noise())));
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(4000, 3000).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
}

describe("a phone's photo", () => {
  it('ar phone: previewed from a small copy; goes no wider than the largest copy kept (1600 px), upright, in under half its bytes; over 5 MB it is taken if it shrinks under', async () => {
    const [light, heavy] = [await cameraPhoto(400), await cameraPhoto(2000)];
    expect(light.length).toBeGreaterThan(1_000_000);
    expect(heavy.length).toBeGreaterThan(5 * 1024 * 1024);
    // Over 5 MB and no wider than 1600 px: nothing to shrink, so refused as the specification says.
    const flat = await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(flat.length).toBeGreaterThan(5 * 1024 * 1024);
    const owner = locale('ar', 'owner');
    const user = await registerUser(server);
    const ctx = await newContext(browser, { lang: 'ar', viewport: MOBILE, token: user.token });
    const page = await ctx.newPage();
    const seen = watchPage(page);
    // The size of each file the app hands to the upload (a multipart body's bytes are not visible to Playwright).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      (window as unknown as { sentFiles: number[] }).sentFiles = [];
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get('file') : null;
        if (file instanceof Blob) (window as unknown as { sentFiles: number[] }).sentFiles.push(file.size);
        return send.call(this, body);
      };
    });
    await openNewListing(page, 'شقة بصور من الهاتف', 'شقة واسعة بصور التقطها المالك بهاتفه');
    const input = page.locator('[data-testid="image-input"]');
    await input.setInputFiles([{ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: light }, { name: 'scan.png', mimeType: 'image/png', buffer: flat }]);
    const problem = page.locator('[data-testid="image-problem"]');
    await problem.waitFor();
    expect(await problem.innerText()).toContain(pick(owner, 'addProperty.validation.fileSizeExceeded').replace('{{maxMb}}', '5').replace('{{name}}', 'scan.png'));
    expect(await page.locator('[data-testid="pending-image"]').count()).toBe(0);
    await problem.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, AREA, 'ar-phone-06-over-5-mb-unshrinkable');
    await input.setInputFiles([
      { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: light },
      { name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: heavy },
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pending-image"]').length === 2);
    expect(await problem.count()).toBe(0);
    // The thumbnails are small copies, upright (blue left, red right): the whole photo decoded per preview held
    // about 55 MB of the page's memory each.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="pending-image"] img')].filter((i) => i.complete && i.naturalWidth > 0).length === 2);
    const previews = await page.$$eval('[data-testid="pending-image"] img', (imgs) =>
      (imgs as HTMLImageElement[]).map((img) => {
        const c = document.createElement('canvas');
        [c.width, c.height] = [img.naturalWidth, img.naturalHeight];
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        const at = (x: number) => [...g.getImageData(Math.floor(x * c.width), Math.floor(c.height / 2), 1, 1).data.slice(0, 3)];
        return { width: img.naturalWidth, height: img.naturalHeight, left: at(0.25), right: at(0.75) };
      }),
    );
    for (const p of previews) {
      expect(p.width).toBe(480);
      expect(p.height).toBeGreaterThan(p.width);
      expect(p.left[2]!).toBeGreaterThan(p.left[0]! + 100);
      expect(p.right[0]!).toBeGreaterThan(p.right[2]! + 100);
    }
    await page.locator('[data-testid="photo-list"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, AREA, 'ar-phone-07-over-5-mb-shrunk');
    // The draft keeps on the device the copies the upload will send, not the phone's photos (app/offline/draft-photos).
    const keptCopies = () =>
      page.evaluate(
        () =>
          new Promise<{ size: number; width: number }[]>((resolve) => {
            const req = indexedDB.open('manzil-drafts');
            req.onerror = () => resolve([]);
            req.onsuccess = () => {
              const all = req.result.transaction('photos').objectStore('photos').getAll();
              all.onsuccess = async () => {
                const files = (all.result as { files: File[] }[]).flatMap((r) => r.files);
                resolve(await Promise.all(files.map(async (f) => ({ size: f.size, width: (await createImageBitmap(f)).width }))));
              };
            };
          }),
      );
    await expect.poll(async () => (await keptCopies()).length, { timeout: 30_000 }).toBe(2);
    const copies = (await keptCopies()).sort((a, b) => a.size - b.size);
    expect(copies.map((c) => c.width)).toEqual([1600, 1600]);
    await page.click('[data-testid="submit-listing"]');
    await page.locator('[data-testid="form-banner"].alert-success').waitFor({ timeout: 30_000 });

    const sent = (await page.evaluate(() => (window as unknown as { sentFiles: number[] }).sentFiles)).sort((a, b) => a - b);
    expect(sent).toHaveLength(2);
    // The same copies, not shrunk a second time.
    expect(sent).toEqual(copies.map((c) => c.size));
    expect(sent[0]!).toBeLessThan(light.length / 2);
    expect(sent[1]!).toBeLessThan(heavy.length / 2);
    const mine = await api(server, 'GET', '/listings/my-listings', { token: user.token });
    const media = (await api(server, 'GET', `/listings/${mine.body.items[0].id}`, { token: user.token })).body.media as { width: number; height: number; file_url: string }[];
    expect(media.map((m) => [m.width, m.height])).toEqual([
      [1600, 2133],
      [1600, 2133],
    ]);
    for (const m of media) {
      // Upright: the right half red, the left half blue.
      const stored = Buffer.from(await (await fetch(server.url + m.file_url)).arrayBuffer());
      const { width = 0, height = 0 } = await sharp(stored).metadata();
      expect(height).toBeGreaterThan(width);
      const half = async (left: number) => {
        // stats() reads its input, so the half is cut out first.
        const { channels } = await sharp(await sharp(stored).extract({ left, top: 0, width: Math.floor(width / 2), height }).png().toBuffer()).stats();
        return channels.slice(0, 3).map((c) => Math.round(c.mean));
      };
      const [leftHalf, rightHalf] = [await half(0), await half(Math.ceil(width / 2))];
      expect(leftHalf[2]!).toBeGreaterThan(leftHalf[0]! + 100);
      expect(rightHalf[0]!).toBeGreaterThan(rightHalf[2]! + 100);
    }
    expect(seen.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await ctx.close();
  });
});
