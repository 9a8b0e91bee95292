/** When `npm start` and `npm test` build the web app again: never on a build that did not finish. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './build-web.mjs';

const dirs = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A tree with one source file, written `age` ms ago. */
function tree(age = 60_000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-build-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'apps/web/src'), { recursive: true });
  const src = path.join(dir, 'apps/web/src/main.tsx');
  fs.writeFileSync(src, 'export {};\n');
  const then = new Date(Date.now() - age);
  fs.utimesSync(src, then, then);
  fs.utimesSync(path.join(dir, 'apps/web/src'), then, then);
  fs.mkdirSync(path.join(dir, 'apps/web/dist'), { recursive: true });
  return dir;
}

describe('webBuildIsStale', () => {
  it('builds when the web app was never built', () => {
    expect(webBuildIsStale(tree())).toBe(true);
  });

  it('builds again after a build cut short: its index.html is there, its completion stamp is not', () => {
    const dir = tree();
    fs.writeFileSync(path.join(dir, 'apps/web/dist/index.html'), '<!doctype html>');
    expect(webBuildIsStale(dir)).toBe(true);
  });

  it('keeps a whole build newer than every source, and builds again once a source changes', () => {
    const dir = tree();
    fs.writeFileSync(path.join(dir, 'apps/web/dist/.build-complete'), 'x');
    expect(webBuildIsStale(dir)).toBe(false);
    fs.writeFileSync(path.join(dir, 'apps/web/src/main.tsx'), 'export const changed = 1;\n');
    const later = new Date(Date.now() + 1000);
    fs.utimesSync(path.join(dir, 'apps/web/src/main.tsx'), later, later);
    expect(webBuildIsStale(dir)).toBe(true);
  });
});
