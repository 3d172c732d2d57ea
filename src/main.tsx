// self-hosted Thai font: the browser fetches only the subsets a page uses (unicode-range), never a CDN
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/500.css';
import '@fontsource/sarabun/700.css';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession } from './auth/session';
import { watchDocumentTitle } from './i18n/documentTitle';
import { i18nProvider, localeReady } from './i18n/i18nProvider';
import { publicPageOf } from './pages/publicPages';

/**
 * A signed-out visit to a sign-in page loads the sign-in bundle alone (a small first load), a public
 * page its own light bundle; everything else loads the application, which also sends a signed-in
 * visitor of /login to `/`.
 */
export const SIGN_IN_PATHS = ['/login', '/contact-login'];

// zod, which only later chunks load (the application, the public pages), takes its settings from here
// whichever chunk loads first: the page's Content-Security-Policy forbids eval, so its JIT must not
// probe for it (a refused eval is a console error). src/zodConfig.ts says the same where zod is imported.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

const { pathname } = window.location;
const publicPage = publicPageOf(pathname);
// one function per bundle: an import() inside a conditional expression had the bundler preload the
// chunks of every branch
const loadSignIn = () => import('./auth/LoginShell');
const loadPublicPages = () => import('./pages/PublicPagesShell');
const loadApplication = () => import('./App');
const shell = (SIGN_IN_PATHS.includes(pathname) && !readSession() ? loadSignIn : publicPage ? loadPublicPages : loadApplication)();
const Entry = lazy(() => shell);

// index.html's loading indicator stays until the page can draw itself: the shell's code, a public
// page's own code (fetched beside it) and the saved language's texts; a failure shows when React asks
// the tab's title: `<page> · <product>` in the chosen language, on every shell
watchDocumentTitle(() => i18nProvider.translate('app.name'));

void Promise.allSettled([shell, publicPage?.load(), localeReady]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense fallback={null}>
        <Entry />
      </Suspense>
    </StrictMode>,
  ),
);
