import { transformWithEsbuild, type Plugin } from 'vite';

/**
 * index.html's own inline <script>s and <style>s minified, as Vite does the app's files: they travel in every
 * page's HTML, and their comments (kept in the source for the next reader) were about 2 KB of each page.
 * Scripts with a src or a type (JSON, modules) are left alone. The server hashes the result for its CSP.
 */
export function minifyInline(): Plugin {
  return {
    name: 'manzil-minify-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const blocks = [...html.matchAll(/<(script|style)((?:\s+[\w-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/\1>/g)];
        let out = html;
        for (const [whole, tag, attrs = '', code = ''] of blocks) {
          if (!code.trim() || /\s(src|type)=/.test(attrs)) continue;
          const loader = tag === 'style' ? 'css' : 'js';
          const { code: min } = await transformWithEsbuild(code, `inline.${loader}`, { loader, minify: true, target: 'es2019' });
          out = out.replace(whole, () => `<${tag}${attrs}>${min.trim()}</${tag}>`);
        }
        return out;
      },
    },
  };
}
