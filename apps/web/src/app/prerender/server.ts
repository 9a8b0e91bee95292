/**
 * Entry of the server-side render bundle (vite.config.ts builds it into dist/prerender/render.mjs): what
 * the API loads to put a static first view of a page into its HTML at request time.
 */
export { renderDetailsTop } from './details';
export { renderSearchTop, searchPageBody } from './search';
