import { defineConfig } from 'vite';

/**
 * The cookie banner script (banner/main.ts): one self-contained, minified file, dist/cookie-banner.js,
 * that company websites load with one <script> tag. Built after the UI (`npm run build`), into the same
 * dist/ without emptying it; its size is checked by scripts/size-budget.mjs (10 KB gzip, CSS included).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2019',
    minify: true,
    lib: { entry: 'banner/main.ts', formats: ['iife'], name: 'pdpaCookieBanner', fileName: () => 'cookie-banner.js' },
  },
});
