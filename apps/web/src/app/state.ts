/** The id of the <script type="application/json"> holding the page's query data (entry-server.tsx → main.tsx). */
export const APP_STATE_ID = 'app-state';
