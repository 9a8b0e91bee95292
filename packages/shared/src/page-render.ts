import type { Lang } from './enums.js';

/**
 * The contract between the API and the web app's server renderer (apps/api/src/plugins/pages.ts loads
 * apps/web's dist/server/entry-server.mjs, built from apps/web/src/entry-server.tsx).
 */
export interface PageRenderInput {
  /** Path and query of the page. */
  url: string;
  lang: Lang;
  /** The nonce of this answer's Content-Security-Policy, for React Router's and React's inline scripts. */
  nonce: string;
  /** The data saver is on for this request (its cookie, else `Save-Data: on`): photos and maps wait for a tap. */
  dataSaver?: boolean;
  signal?: AbortSignal;
}

export type PageRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's <title>, when it set one while rendering. */
      title: string | null;
      /** Page modules under src/ (`features/home/pages/HomePage`), for the chunk and stylesheet links. */
      pages: string[];
      /** The page's query data (TanStack Query's dehydrated state), as JSON safe in <script type="application/json">. */
      state: string;
      /** Writes the app's HTML (what goes inside #root), then ends `destination`. */
      pipe: (destination: NodeJS.WritableStream) => void;
    };
