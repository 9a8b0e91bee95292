/**
 * The data saver (issue 30): while on, no listing photo is fetched until the visitor taps it and no map tiles
 * until the map is opened. The visitor's choice is kept on the device (localStorage) and in a cookie of the same
 * name, so the server renders placeholders from the first byte; without a choice it follows the browser
 * (`navigator.connection.saveData` here, the `Save-Data: on` header on the server).
 *
 * The server says what it rendered with the `data-saver` class on <body>; hydration starts from that, and the
 * device's own answer follows right after (useSyncExternalStore), as for the currency (components/currency).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@manzil/shared';
import { deviceSetting } from '../../lib/device-setting';

const KEY = STORAGE_KEYS.dataSaver;
const YEAR_SECONDS = 365 * 24 * 3600;
const setting = deviceSetting(KEY);

/** What the server rendered with: its class on <body> (false where there is no document, i.e. on the server). */
function renderedWith(): boolean {
  return typeof document !== 'undefined' && document.body?.classList.contains('data-saver') === true;
}

/** The server's value during its render (entry-server.tsx provides it per request). */
export const ServerDataSaver = createContext<boolean | null>(null);

/** The visitor's own choice on this device, null when they never chose. */
export function storedChoice(): boolean | null {
  // Storage refused (private mode): the cookie still says it.
  const stored = setting.read() ?? new RegExp(`(?:^|;\\s*)${KEY}=(on|off)\\b`).exec(typeof document === 'undefined' ? '' : document.cookie)?.[1] ?? null;
  return stored === 'on' ? true : stored === 'off' ? false : null;
}

/** Whether the browser itself asks to save data (Chromium's Lite mode / "Data Saver"). */
function browserAsks(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return c?.saveData === true;
}

export function readDataSaver(): boolean {
  return storedChoice() ?? (browserAsks() || renderedWith());
}

export function chooseDataSaver(on: boolean) {
  const value = on ? 'on' : 'off';
  document.cookie = `${KEY}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  // The class the server sets, kept in step: the stylesheet uses it to leave out the web fonts.
  document.body.classList.toggle('data-saver', on);
  setting.write(value);
}

/** True while the data saver is on: on the server and while hydrating, what the server decided. */
export function useDataSaver(): boolean {
  const server = useContext(ServerDataSaver);
  return useSyncExternalStore(setting.subscribe, readDataSaver, () => server ?? renderedWith());
}

/** Kilobytes for the "show photo" label: at least 1, never "0 KB" for a small file. */
export const kbOf = (bytes: number) => Math.max(1, Math.round(bytes / 1024));
