import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The lazily loaded roots of a first visit: one of them follows the entry on every page. */
const FIRST_LOAD_ROOTS = ['src/auth/LoginShell.tsx', 'src/pages/PublicPagesShell.tsx', 'src/App.tsx'];

/**
 * `<link rel="modulepreload">` in index.html for the chunks that every one of the first-load roots
 * imports (React Router, MUI's core, the theme...): the browser fetches them beside the entry instead
 * of after it has run, and no page fetches one it does not use.
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
        const closure = (fileName: string, seen = new Set<string>()) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen);
          return seen;
        };
        const roots = FIRST_LOAD_ROOTS.map((root) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(root));
          if (!chunk) throw new Error(`preload: no chunk for ${root}`);
          return closure(chunk.fileName);
        });
        const entry = chunks.find((c) => c.isEntry);
        const preloadedByVite = entry ? closure(entry.fileName) : new Set<string>();
        const shared = [...roots[0]].filter((file) => roots.every((r) => r.has(file)) && !preloadedByVite.has(file));
        return shared.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** `npm run dev` proxies /api to the server on 3000; `npm run dev:fake` to the fake-api on 3001. */
export default defineConfig(({ mode }) => ({
  plugins: [react(), preloadSharedChunks()],
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${mode === 'fake' ? (process.env.FAKE_API_PORT ?? 3001) : (process.env.PORT ?? 3000)}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
}));
