import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router-dom';
import { PublicOnly } from './PublicOnly';

export interface AccountPage {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** a signed-in visitor is sent to the main menu (the seed's public auth routes) */
  publicOnly: boolean;
}

/**
 * The public account pages, each loaded only when visited (the sign-in page's first load stays
 * small). Routed by the application (App.tsx) and by the light sign-in bundle (LoginShell.tsx),
 * whose links lead here.
 */
export const ACCOUNT_PAGES: AccountPage[] = [
  { path: '/forgot-password', page: lazy(() => import('./ForgotPasswordPage')), publicOnly: true },
  { path: '/reset-password', page: lazy(() => import('./ResetPasswordPage')), publicOnly: true },
  { path: '/register', page: lazy(() => import('./RegisterPage')), publicOnly: true },
  { path: '/verify-email', page: lazy(() => import('./VerifyEmailPage')), publicOnly: true },
  { path: '/generate-account', page: lazy(() => import('./GenerateAccountPage')), publicOnly: false },
];

/** The account pages as routes (a public-only page sends a signed-in visitor to the main menu). */
export const accountRoutes = () =>
  ACCOUNT_PAGES.map(({ path, page: Page, publicOnly }) => (
    <Route
      key={path}
      path={path}
      element={
        publicOnly ? (
          <PublicOnly>
            <Page />
          </PublicOnly>
        ) : (
          <Page />
        )
      }
    />
  ));
