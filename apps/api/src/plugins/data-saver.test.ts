/**
 * Data saver (issue 30) on the server: a page is rendered with placeholders for photos and the map when the
 * visitor's cookie says so, else when the browser sends `Save-Data: on`; the answer says it depends on both
 * (`Vary: Save-Data` beside Cookie and Accept-Language), so no shared cache hands photos to a visitor saving data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp, testIndexHtml } from '../../test/helpers.js';

// A stand-in for dist/server/entry-server.mjs that shows what it was asked to render with.
const RENDERER = `
export const APP_STATE_ID = 'app-state';
export function setApiTransport() {}
export async function render({ dataSaver }) {
  const body = '<main data-rendered-saver="' + (dataSaver === true) + '"></main>';
  return { kind: 'page', status: 200, title: null, pages: [], state: '{}', pipe(d) { d.write(body); d.end(); return d; }, abort() {} };
}`;

describe('pages and the data saver', () => {
  let web: Awaited<ReturnType<typeof createWebTestApp>>;
  beforeAll(async () => {
    web = await createWebTestApp({ 'index.html': testIndexHtml(), 'server/entry-server.mjs': RENDERER });
  });
  afterAll(async () => web?.close());

  const get = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}/search-list`, { headers });
    const html = await res.text();
    return {
      status: res.status,
      vary: (res.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/),
      saver: /data-rendered-saver="true"/.test(html),
      bodyClass: /<body class="([^"]*)"/.exec(html)?.[1] ?? '',
    };
  };

  it('varies by Save-Data, keeping Cookie and Accept-Language', async () => {
    const page = await get();
    expect(page.status).toBe(200);
    expect(page.vary).toEqual(expect.arrayContaining(['save-data', 'cookie', 'accept-language']));
    expect((await get({ 'save-data': 'on' })).vary).toContain('save-data');
  });

  it('renders with the saver on for Save-Data: on, and says so on <body> for the browser', async () => {
    const off = await get();
    expect(off.saver).toBe(false);
    expect(off.bodyClass.split(' ')).not.toContain('data-saver');
    const on = await get({ 'save-data': 'on' });
    expect(on.saver).toBe(true);
    expect(on.bodyClass.split(' ')).toContain('data-saver');
  });

  it("follows the visitor's own choice in the cookie over the browser's header", async () => {
    expect((await get({ cookie: 'manzilDataSaver=on' })).saver).toBe(true);
    expect((await get({ cookie: 'i18nextLng=en; manzilDataSaver=off', 'save-data': 'on' })).saver).toBe(false);
    expect((await get({ cookie: 'manzilDataSaver=on', 'save-data': 'off' })).saver).toBe(true);
  });
});
