// self-hosted Thai font: the browser fetches only the subsets a page uses (unicode-range), never a CDN
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/500.css';
import '@fontsource/sarabun/700.css';
import '../dataProvider/zodConfig';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession } from './auth/session';
import { localeReady } from './i18n/i18nProvider';
import { publicPageOf } from './pages/publicPages';

/**
 * A signed-out visit to a sign-in page loads the sign-in bundle alone (a small first load), a public
 * page its own light bundle; everything else loads the application, which also sends a signed-in
 * visitor of /login to `/`.
 */
export const SIGN_IN_PATHS = ['/login', '/contact-login'];

const { pathname } = window.location;
const publicPage = publicPageOf(pathname);
// the page's code is fetched beside the shell's, not after it (a failure shows when the shell asks again)
publicPage?.load().catch(() => undefined);

const Entry = SIGN_IN_PATHS.includes(pathname) && !readSession()
  ? lazy(() => import('./auth/LoginShell'))
  : publicPage
    ? lazy(() => import('./pages/PublicPagesShell'))
    : lazy(() => import('./App'));

void localeReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense fallback={null}>
        <Entry />
      </Suspense>
    </StrictMode>,
  ),
);
