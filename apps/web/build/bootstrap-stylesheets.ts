import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { type Content, purgeBootstrap } from './purge-bootstrap';

const require = createRequire(import.meta.url);

/**
 * Bootstrap's LTR and RTL stylesheets as static files (`/vendor/bootstrap-<v>[.rtl].min.css` on the dev server,
 * `/vendor/bootstrap-<v>-<hash>[.rtl].min.css` in a build). index.html carries
 * `<link id="bootstrap-css" href=… data-ltr=… data-rtl=…>`; the server links the page's one and i18n swaps
 * it on a language change, without a reload. Nothing is copied into the source tree:
 * the dev server serves the files from node_modules and the build emits them as assets.
 *
 * A build keeps only the rules whose classes the shipped code uses (PurgeCSS, build/purge-bootstrap.ts): Bootstrap
 * is render-blocking on every first visit, and most of its 31 KB gzip is utilities and components the app never
 * renders. The file name carries a hash of the content, since /vendor/ is cached for a year (and by the
 * service worker) and the kept rules change with the app.
 */
export function bootstrapStylesheets(): Plugin {
  const pkgPath = require.resolve('bootstrap/package.json');
  const version = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
  const cssDir = join(dirname(pkgPath), 'dist', 'css');
  const sources = { ltr: join(cssDir, 'bootstrap.min.css'), rtl: join(cssDir, 'bootstrap.rtl.min.css') };
  const devFiles: Record<string, string> = {
    [`vendor/bootstrap-${version}.min.css`]: sources.ltr,
    [`vendor/bootstrap-${version}.rtl.min.css`]: sources.rtl,
  };
  // The source map comment points at a file we do not ship.
  const read = (file: string) => readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '');
  let serve = false;

  return {
    name: 'manzil-bootstrap-stylesheets',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      // In a build the placeholders stay until generateBundle knows the hashed names.
      // The dev server renders nothing on the server: its pages start in Arabic.
      handler: (html) =>
        serve
          ? html
              .replaceAll('{{BOOTSTRAP_LTR}}', `/vendor/bootstrap-${version}.min.css`)
              .replaceAll('{{BOOTSTRAP_RTL}}', `/vendor/bootstrap-${version}.rtl.min.css`)
              .replaceAll('{{BOOTSTRAP_HREF}}', `/vendor/bootstrap-${version}.rtl.min.css`)
              .replaceAll('{{LANG}}', 'ar')
              .replaceAll('{{DIR}}', 'rtl')
              .replaceAll('{{BODY_CLASS}}', 'lang-ar rtl')
          : html,
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.slice(1);
        const file = name ? devFiles[name] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(read(file));
      });
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') throw new Error('bootstrap stylesheets: index.html is not in the bundle yet');
        const content: Content[] = [{ raw: String(html.source), extension: 'html' }];
        for (const out of Object.values(bundle)) {
          if (out.type === 'chunk') content.push({ raw: out.code, extension: 'js' });
          else if (out.fileName.endsWith('.css')) content.push({ raw: String(out.source), extension: 'css' });
        }
        let page = String(html.source);
        for (const dir of ['ltr', 'rtl'] as const) {
          const full = read(sources[dir]);
          const { css, rejected } = await purgeBootstrap(full, content);
          const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
          const fileName = `vendor/bootstrap-${version}-${hash}${dir === 'rtl' ? '.rtl' : ''}.min.css`;
          this.emitFile({ type: 'asset', fileName, source: css });
          this.info(`bootstrap ${dir}: dropped ${rejected} selectors; ${(full.length / 1024).toFixed(0)} → ${(css.length / 1024).toFixed(0)} KB`);
          page = page.replaceAll(`{{BOOTSTRAP_${dir.toUpperCase()}}}`, `/${fileName}`);
        }
        if (page.includes('{{BOOTSTRAP_LTR}}') || page.includes('{{BOOTSTRAP_RTL}}')) throw new Error('bootstrap stylesheets: a placeholder was left in index.html');
        html.source = page;
      },
    },
  };
}
