import { CacheProvider } from '@emotion/react';
import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession } from './auth/session';
import { startEarlyRead } from '../dataProvider/http';
import { watchDocumentTitle } from './i18n/documentTitle';
import { i18nProvider, loadTexts, localeReady } from './i18n/i18nProvider';
import { endFirstPaint } from './pages/firstPaint';
import { firstReadOf, publicPageOf } from './pages/publicPages';
import { emotionCache } from './styleNonce';

/**
 * The page's start (src/main.tsx loads it). A signed-out visit to a sign-in page loads the sign-in bundle alone (a small first load), a public
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
// one function per bundle: an import() inside a conditional expression had the bundler preload the chunks of every branch
const loadSignIn = () => import('./auth/LoginShell');
const loadPublicPages = () => import('./pages/PublicPagesShell');
const loadApplication = () => import('./App');
const loadShell = SIGN_IN_PATHS.includes(pathname) && !readSession() ? loadSignIn : publicPage ? loadPublicPages : loadApplication;
const shell = loadShell();
// the server's first paint (server/http/firstPaint.ts) is the sign-in or a public page's: the application
// (a signed-in visitor's /login) draws its own; a shell that failed to load shows its failure
if (loadShell === loadApplication) endFirstPaint();
shell.catch(endFirstPaint);
const Entry = lazy(() => shell);

// a public page's first read starts now, in the saved language, rather than once its code has come
const firstRead = publicPage && firstReadOf(publicPage, pathname);
if (firstRead) void localeReady.then(() => startEarlyRead(firstRead));

// index.html's loading indicator stays until the page can draw itself: the shell's code, a public
// page's own code and texts (fetched beside it) and the saved language's texts; a failure shows when React asks
// the tab's title: `<page> · <product>` in the chosen language, on every shell
watchDocumentTitle(() => i18nProvider.translate('app.name'));

// the first render is a transition: React renders it in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that blocks input (Lighthouse's total blocking time)
void Promise.allSettled([shell, publicPage?.load(), ...(publicPage?.texts.map(loadTexts) ?? []), localeReady]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* every style MUI adds carries the page's CSP nonce (src/styleNonce.ts) */}
        <CacheProvider value={emotionCache}>
          <Suspense fallback={null}>
            <Entry />
          </Suspense>
        </CacheProvider>
      </StrictMode>,
    ),
  );
});
