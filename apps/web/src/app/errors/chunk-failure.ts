/**
 * A page's or a part's code that could not be fetched (a chunk this device never kept, without a network): the
 * browsers' words for a failed import(), and Vite's for a chunk's stylesheet it could not preload.
 */
export const isChunkFailure = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|Unable to preload CSS/i.test(error.message);
