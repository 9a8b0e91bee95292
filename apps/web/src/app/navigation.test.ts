import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { leavingPage, trackRouter } from './navigation';

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
