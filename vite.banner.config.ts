import { defineConfig } from 'vite';
import { CONSENT_MODE_STUB } from './contract/cookie';

/**
 * The cookie banner script (banner/main.ts): one self-contained, minified file, dist/cookie-banner.js,
 * that company websites load with one <script> tag. Built after the UI (`npm run build`), into the same
 * dist/ without emptying it; its size is checked by scripts/size-budget.mjs (10 KB gzip, CSS included).
 * Beside it, dist/cookie-consent-stub.js: the snippet's Consent Mode stub as a file, for sites whose CSP
 * refuses inline scripts.
 */
export default defineConfig({
  publicDir: false,
  plugins: [
    {
      name: 'consent-mode-stub',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'cookie-consent-stub.js', source: CONSENT_MODE_STUB + '\n' });
      },
    },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2019',
    minify: true,
    lib: { entry: 'banner/main.ts', formats: ['iife'], name: 'pdpaCookieBanner', fileName: () => 'cookie-banner.js' },
  },
});
