import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { latestSearch, leavingPage, trackRouter } from './navigation';

const Page = () => null;

describe('leavingPage', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it('is true from the moment a link to another page is followed until that page is there', async () => {
    let release = () => {};
    const chunk = new Promise<void>((r) => (release = r));
    const router = createMemoryRouter(
      [
        { path: '/search-map', Component: Page },
        // A page whose chunk is still downloading, as on a slow connection.
        { path: '/property-details/:id', lazy: async () => (await chunk, { Component: Page }) },
      ],
      { initialEntries: ['/search-map'] },
    );
    dispose = () => router.dispose();
    trackRouter(router);
    expect(leavingPage()).toBe(false);

    const going = router.navigate('/property-details/1');
    // At once, before any render: the map must not write its bounds over this navigation.
    expect(leavingPage()).toBe(true);
    release();
    await going;
    expect(router.state.location.pathname).toBe('/property-details/1');
    expect(leavingPage()).toBe(false);
  });

  it('is false while the page only changes its own query (the map saving its bounds)', async () => {
    const router = createMemoryRouter([{ path: '/search-map', Component: Page, loader: () => new Promise((r) => setTimeout(() => r(null), 20)) }], {
      initialEntries: ['/search-map'],
    });
    dispose = () => router.dispose();
    trackRouter(router);
    await new Promise((r) => setTimeout(r, 40));
    const writing = router.navigate('/search-map?min_lat=12', { replace: true });
    expect(router.state.navigation.state).not.toBe('idle');
    expect(leavingPage()).toBe(false);
    await writing;
  });
});

describe('latestSearch', () => {
  it('is the query the app is on its way to while a navigation within the page is pending, then the one it is at', async () => {
    let release = () => {};
    const router = createMemoryRouter(
      [{ path: '/search-map', Component: Page, loader: ({ request }) => (new URL(request.url).search.includes('polygon') ? null : new Promise((r) => (release = () => r(null)))) }],
      { initialEntries: ['/search-map?listing_type=FOR_RENT&polygon=x'] },
    );
    trackRouter(router);
    await new Promise((r) => setTimeout(r, 10));
    const rendered = new URLSearchParams(router.state.location.search);
    expect(latestSearch(rendered).get('polygon')).toBe('x');
    // The drawn area's chip removed: its navigation is pending (the page's loader has not answered yet).
    const removing = router.navigate('/search-map?listing_type=FOR_RENT');
    expect(router.state.navigation.state).not.toBe('idle');
    const now = latestSearch(rendered);
    expect(now.has('polygon')).toBe(false);
    expect(now.get('listing_type')).toBe('FOR_RENT');
    release();
    await removing;
    expect(latestSearch(rendered).has('polygon')).toBe(false);
    router.dispose();
  });
});
