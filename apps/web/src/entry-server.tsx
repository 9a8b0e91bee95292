/**
 * The server renderer (built by build/server-bundle.ts into dist/server/entry-server.mjs; the API loads it,
 * apps/api/src/plugins/web.ts). A page is rendered through the route tree the browser uses, its data loaded
 * by the same loaders (createStaticHandler), in one language, and streamed; main.tsx hydrates it.
 */
import type { PageRenderInput, PageRenderResult } from '@manzil/shared';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { apiTransport } from './api/client';
import { createQueryClient, AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { pageRoutes } from './app/routes';
import { ServerDataSaver } from './components/data-saver/store';
import { ServerHeadContext } from './components/usePageTitle';
import { serverI18n } from './i18n/server';

export { APP_STATE_ID } from './app/state';

/** How the loaders' API calls reach the API: the server passes its in-process transport once, at start. */
export function setApiTransport(fetch: (url: string, init: RequestInit) => Promise<Response>): void {
  apiTransport.fetch = fetch;
}

const byPath = new Map(pageRoutes.map((r) => [r.path, r]));

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

type Page = { items?: Record<string, unknown>[] };
type Row = Record<string, unknown>;

/** What a card reads (components/listing-card, its price, contact and data-saver parts), and nothing else. */
const CARD = ['id', 'title_en', 'title_ar', 'listing_type', 'price', 'old_price', 'currency', 'availability', 'status', 'is_active', 'owner_id', 'user_id'];
const CARD_OWNER = ['id', 'username', 'full_name', 'phone_number', 'phone', 'whatsapp_number', 'contact_methods'];
const CARD_PROPERTY = ['property_type', 'bedrooms', 'bathrooms', 'area_sqm', 'city', 'governorate', 'district', 'governorate_id', 'district_id'];

const pick = (row: unknown, keys: string[]): unknown =>
  row && typeof row === 'object' ? Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, (row as Row)[k]])) : row;

/**
 * Lists of listings (search, /property tabs) are shown as cards: of each listing the hydration data carries what
 * a card reads (its cover photo, not the description, dates, amenities or the owner's e-mail), which cut a page's
 * HTML by a third and then by a further tenth. Other pages fetch a listing whole (its own query), so nothing reads
 * what is left out here.
 */
function cardsOnly(key: readonly unknown[], data: unknown): unknown {
  if (key[0] !== 'listings' || (key[1] !== 'search' && key[1] !== 'property-page') || !data) return data;
  const trim = (page: Page): Page => ({
    ...page,
    items: page.items?.map((item) => ({
      ...(pick(item, CARD) as Row),
      owner: pick(item.owner, CARD_OWNER),
      media: Array.isArray(item.media) ? item.media.slice(0, 1) : item.media,
      property: pick(item.property, CARD_PROPERTY),
    })),
  });
  const infinite = data as { pages?: Page[] };
  return Array.isArray(infinite.pages) ? { ...infinite, pages: infinite.pages.map(trim) } : trim(data as Page);
}

export async function render(input: PageRenderInput): Promise<PageRenderResult> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes({ queryClient, waitForData: true }));
  // The origin is never used for a request: loaders call the API in-process. Only the path matters.
  const request = new Request(new URL(input.url, 'http://manzil.invalid'), { signal: input.signal });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const i18n = await serverI18n(input.lang);
  const router = createStaticRouter(handler.dataRoutes, context);
  const matched = context.matches.map((m) => byPath.get(m.route.id)).filter((r) => r !== undefined);
  const head = { title: null as string | null };
  const dehydrated = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
  // Failed queries go too (a missing listing), so the browser's first render is the server's.
  for (const q of dehydrated.queries) q.state.data = cardsOnly(q.queryKey, q.state.data);
  const state = scriptJson(dehydrated);

  return new Promise((resolve, reject) => {
    let ready = false;
    const stream = renderToPipeableStream(
      <StrictMode>
        <ServerHeadContext.Provider value={head}>
          <ServerDataSaver.Provider value={input.dataSaver === true}>
            <AppProviders i18n={i18n} queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} nonce={input.nonce} />
            </AppProviders>
          </ServerDataSaver.Provider>
        </ServerHeadContext.Provider>
      </StrictMode>,
      {
        nonce: input.nonce,
        // Never outline a large finished boundary into a hidden <div> moved by script (React does past 12.8 KB).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The data is loaded before rendering; what can still suspend is code (a lazy part's first load in this
        // process). Waiting for all of it keeps every part in its place in the HTML: readable without
        // JavaScript, and nothing moved into place by React's inline scripts.
        onAllReady() {
          ready = true;
          resolve({
            kind: 'page',
            status: context.statusCode,
            title: head.title,
            pages: matched.map((r) => r.page),
            state,
            pipe: (destination) => {
              stream.pipe(destination);
            },
          });
        },
        onShellError: reject,
        onError(error) {
          // A part that failed is sent as its Suspense fallback and rendered by the browser; say why here.
          if (!ready) console.error('render:', error);
        },
      },
    );
    input.signal?.addEventListener('abort', () => stream.abort(input.signal?.reason), { once: true });
  });
}
