import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * What a first visit loads after the entry, by page: the start (src/boot.tsx, run after the server's
 * first paint, src/main.tsx), then the sign-in bundle, the application, or the public pages' shell
 * with one page (src/pages/publicPages.ts).
 */
const PUBLIC_SHELL = 'src/pages/PublicPagesShell.tsx';
const BOOT = 'src/boot.tsx';
const FIRST_LOADS = [
  [BOOT, 'src/auth/LoginShell.tsx'],
  [BOOT, 'src/App.tsx'],
  ...[
    'resources/dsr/public/DsrPublicFormPage.tsx',
    'resources/dsr/public/DsrTrackingPage.tsx',
    'resources/consent/notices/public/ConsentFormPage.tsx',
    'resources/consent/notices/public/PrivacyPolicyPage.tsx',
  ].map((page) => [BOOT, PUBLIC_SHELL, page]),
];

/**
 * `<link rel="modulepreload">` in index.html for the chunks that every first load needs (React
 * Router, MUI's core and inputs, the theme, the language switch...): the browser fetches them beside
 * the entry instead of after it has run, and no page fetches one it does not use.
 */
function preloadSharedChunks(): Plugin {
  return {
    name: 'pdpa:preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const closure = (fileName: string, seen: Set<string>) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen);
          return seen;
        };
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!chunk) throw new Error(`preload: no chunk for ${module}`);
          return chunk.fileName;
        };
        const loads = FIRST_LOADS.map((modules) => modules.reduce((seen, module) => closure(chunkOf(module), seen), new Set<string>()));
        const entry = chunks.find((c) => c.isEntry);
        const preloadedByVite = entry ? closure(entry.fileName, new Set()) : new Set<string>();
        const shared = [...loads[0]].filter((file) => loads.every((load) => load.has(file)) && !preloadedByVite.has(file));
        return shared.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The nonce placeholder of the built index.html (server/http/securityHeaders.ts replaces it per page). */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The Sarabun files of the server's first paint: its Thai and Latin text, regular and bold. */
const FIRST_PAINT_FILES = /sarabun-(thai|latin)-(400|700)-normal-[\w-]+\.woff2/;

/**
 * The first paint's font (index.html, server/http/firstPaint.ts): the application's own Sarabun faces
 * under another name, with `font-display: block`. Its text waits for them (they are preloaded, 10 KB
 * each) rather than being drawn first in another font and drawn again, at another size, in Sarabun.
 */
function firstPaintFaces(css: string) {
  const faces = (css.match(/@font-face\s*\{[^}]*\}/g) ?? [])
    .filter((face) => FIRST_PAINT_FILES.test(face))
    .map((face) => face.replace(/font-family:[^;]+/, "font-family:'Sarabun first paint'").replace(/font-display:[^;]+/, 'font-display:block'));
  if (faces.length !== 4) throw new Error(`first paint: expected 4 Sarabun faces in the entry's CSS, found ${faces.length}`);
  return faces.join('');
}

/**
 * The entry's stylesheet (the Sarabun @font-face rules, 4 KB) goes inline into index.html: one
 * render-blocking request fewer before the first paint (allowed by the page's CSP nonce, which it carries);
 * the first paint's faces with it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'pdpa:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)"(?: nonce="[^"]*")?>/g, (link, file: string) => {
          const css = bundle[file];
          return css?.type === 'asset'
            ? `<style nonce="${CSP_NONCE_PLACEHOLDER}">${String(css.source)}${firstPaintFaces(String(css.source))}</style>`
            : link;
        });
      },
    },
  };
}

/**
 * React Router 7's package exports point at its development build whatever the mode
 * (remix-run/react-router#12532, #14102): its dev warnings, and ~10 KB gzip more on every first load.
 * A production build takes the production files it ships beside them.
 */
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
        {
          find: /^react-router\/dom$/,
          replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
        },
      ]
    : [];

/** `npm run dev` proxies /api to the server on 3000; `npm run dev:fake` to the fake-api on 3001. */
export default defineConfig(({ mode, command }) => ({
  plugins: [react(), preloadSharedChunks(), inlineEntryCss()],
  resolve: {
    alias: [
      ...reactRouterProduction(command),
      // node-polyglot's polyfill of a built-in (src/shims/object-entries.cjs)
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('src/shims/object-entries.cjs', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${mode === 'fake' ? (process.env.FAKE_API_PORT ?? 3001) : (process.env.PORT ?? 3000)}` },
  },
  // every script and style of index.html carries this; the server puts each page's own nonce in its place
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
}));
