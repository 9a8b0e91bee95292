import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web: the build plugins read the app's sources and index.html from here. */
export const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
