// self-hosted Thai font: the browser fetches only the subsets a page uses (unicode-range), never a CDN
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/500.css';
import '@fontsource/sarabun/700.css';
import './zodConfig';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';

/** The sign-in pages load alone (small first load); everything else loads the application. */
export const SIGN_IN_PATHS = ['/login', '/contact-login'];

const Entry = SIGN_IN_PATHS.includes(window.location.pathname)
  ? lazy(() => import('./auth/LoginShell'))
  : lazy(() => import('./App'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Entry />
    </Suspense>
  </StrictMode>,
);
