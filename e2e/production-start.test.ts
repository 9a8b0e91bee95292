/**
 * `NODE_ENV=production npm start` on a fresh clone of HEAD (as a host runs it): it installs what the build needs,
 * builds the web app, serves pages rendered on the server, and leaves the clone as it found it (`git status`
 * clean). HEAD is what it tests: uncommitted work is not in the clone. It takes minutes (an install from npm's
 * cache and a build: 3 to 4 on a busy 2-core VM): SKIP_PRODUCTION_START=1 skips it locally; CI=true always runs it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/modules/mail/smtp-test-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const skip = process.env.CI !== 'true' && Boolean(process.env.SKIP_PRODUCTION_START);
if (skip) console.log('[production start] skipped (SKIP_PRODUCTION_START is set); CI=true runs it');

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });

describe.skipIf(skip)('NODE_ENV=production npm start on a fresh clone', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-clone-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('installs, builds, serves rendered pages and leaves the clone clean', async () => {
    const repo = path.join(tmp, 'repo');
    git(tmp, 'clone', '--quiet', ROOT, repo);
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(git(ROOT, 'rev-parse', 'HEAD'));
    // The locations data set sits beside the repository (config.ts reads ../shared), never inside it.
    const shared = path.resolve(ROOT, '../shared');
    if (fs.existsSync(shared)) fs.symlinkSync(fs.realpathSync(shared), path.join(tmp, 'shared'));
    expect(fs.existsSync(path.join(repo, 'node_modules'))).toBe(false);

    const port = await freePort();
    const dataDir = path.join(tmp, 'data');
    let out = '';
    const child = spawn('npm', ['start'], {
      cwd: repo,
      // Its own process group: npm, scripts/start.mjs and the server stop together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        // npm's cache is reused, without asking the registry about what it holds; node_modules is not: the
        // install is the point.
        ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
        npm_config_prefer_offline: 'true',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
    });
    // When each phase began, printed at the end: what to look at when the test nears its time.
    const started = Date.now();
    const phases: [string, RegExp][] = [['install', /installing dependencies/], ['build', /building the web app|vite v\d/], ['server', /"msg":"Server listening/], ['ready', /Manzil is running/]];
    const seen: string[] = [];
    const note = (d: Buffer) => {
      out += d;
      for (const [name, re] of phases) if (!seen.some((x) => x.startsWith(name)) && re.test(out)) seen.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
    };
    child.stdout!.on('data', note);
    child.stderr!.on('data', note);
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      const t = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    };
    try {
      let html = '';
      const deadline = Date.now() + 330_000;
      while (!html) {
        if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${out.slice(-5000)}`);
        if (Date.now() > deadline) throw new Error(`/ did not answer within 330 s:\n${out.slice(-5000)}`);
        try {
          const r = await fetch(`http://127.0.0.1:${port}/`);
          if (r.status === 200) {
            html = await r.text();
            seen.push(`answered 200 ${((Date.now() - started) / 1000).toFixed(0)} s`);
          }
        } catch {
          /* not up yet */
        }
        if (!html) await new Promise((r) => setTimeout(r, 1000));
      }
      // Rendered on the server: the hero's heading and the demo listings' cards are in the HTML itself.
      expect(html).toMatch(/<html[^>]* lang="ar"/);
      expect(html).toMatch(/<div id="root">[\s\S]*<h1 class="home-hero-title">ابحث عن بيتك القادم في اليمن<\/h1>/);
      expect(html).toMatch(/class="listing-card-title"[^>]*><a href="\/property-details\/\d+"/);
      expect(out).toContain('installing dependencies');
      expect(fs.existsSync(path.join(repo, 'apps/web/dist/index.html'))).toBe(true);
    } finally {
      await stop();
      console.log(`[production start] from npm start: ${seen.join(', ')}`);
    }
    // What start-up changed, if anything (a rewritten package-lock.json, a file written into the tree).
    const changed = git(repo, 'status', '--porcelain');
    expect(changed, changed && git(repo, 'diff').slice(0, 4000)).toBe('');
  }, 360_000);
});
