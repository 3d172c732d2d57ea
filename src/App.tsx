import './zodConfig';
import { silenceSaveFailed } from './components/serverFieldError';
import { lazy, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { MENU } from '../contract/menus';
import { buildDataProvider } from '../dataProvider';
import { MODULES, RESOURCES } from '../resources';
import type { ResourceUiDefinition } from '../resources/types';
import type { ListedResource } from './resourceViews/ResourceListView';
import { ACCOUNT_PAGES, accountRoutes } from './auth/accountPages';
import { PUBLIC_PAGES } from './pages/publicPages';
import { publicRoutes } from './pages/publicRoutes';
import { authProvider } from './auth/authProvider';
import { ContactLoginPage, LoginPage } from './auth/LoginPage';
import { PublicOnly } from './auth/PublicOnly';
import layoutTexts from '../i18n/layout';
import { i18nProvider, registerApplicationTexts } from './i18n/i18nProvider';
import { raThai } from './i18n/raThai';
import { WithTexts } from './i18n/WithTexts';
import { Layout } from './layout/Layout';
import { queryClient } from './queryClient';
import { ROUTES } from './routing/routeTable';
import { ENTRY_PARENTS } from './routing/seedRoutes';
import { SharedBlocker, sharedBlockerRouterProvider } from './routing/sharedBlocker';
import { store } from './store';
import { theme } from './theme';

// a save that failed and told the person so (its toast) rejects on purpose: the leave guard keeps asking
silenceSaveFailed();

const MainMenu = lazy(() => import('./pages/MainMenu'));
const Dashboard = lazy(() => import('./pages/Dashboard'));
const Forbidden = lazy(() => import('./pages/Forbidden'));
const NotFound = lazy(() => import('./pages/NotFound'));
const TermCondition = lazy(() => import('./pages/TermCondition'));
const ComingSoon = lazy(() => import('./pages/ComingSoon'));
const ResourcePage = lazy(() => import('./resourceViews/ResourcePage'));

/** A resource's list: its own view, or the one generated from its fields and table. */
function listOf(resource: ResourceUiDefinition): ComponentType | undefined {
  if (resource.list || !resource.table || !resource.fields || !resource.texts) return resource.list;
  const definition = resource as ListedResource;
  return function GeneratedList() {
    return <ResourcePage definition={definition} />;
  };
}
const RESOURCE_VIEWS = RESOURCES.map((r) => ({
  name: r.name,
  icon: r.icon,
  list: listOf(r),
  create: r.create,
  edit: r.edit,
  show: r.show,
  recordRepresentation: r.recordRepresentation,
}));

// the application's texts and react-admin's own come with the application, not with the sign-in page
registerApplicationTexts(layoutTexts, raThai);

const dataProvider = buildDataProvider();
/** The document and error-page title when no screen has set one. */
const APP_TITLE = 'PDPA Back Office';

/** Screens that exist; every other route of the seed's table shows the "being built" page. */
const BUILT = new Set([
  '/',
  '/dashboard',
  '/forbidden',
  '/login',
  '/contact-login',
  '/term-condition',
  '/404',
  ...RESOURCES.map((r) => `/${r.name}`),
  // a resource's own routes (/notifications, ...): a placeholder on its pattern would hide its list
  ...RESOURCE_VIEWS.filter((r) => r.list).map((r) => `/${r.name}/*`),
  ...MODULES.map((m) => m.path),
  ...ACCOUNT_PAGES.map((p) => p.path),
  ...PUBLIC_PAGES.map((p) => p.path),
]);
/**
 * Paths with no screen of their own, each opening a screen: a menu entry's parent (`/ropa` → `/ropa/dashboard`), and a
 * resource whose screens live inside its module's page (`/framework-requirements` → its menu's entry), never a
 * "being built" page.
 */
const REDIRECTS = new Map([
  ...ENTRY_PARENTS,
  ...RESOURCES.filter((r) => !listOf(r) && !r.create && !r.edit && !r.show && !MODULES.some((m) => m.path === `/${r.name}/*`)).map(
    (r) => [`/${r.name}/*`, MENU[r.menu].path] as const,
  ),
]);
const placeholders = ROUTES.filter((r) => !BUILT.has(r.path) && !REDIRECTS.has(r.path));

function AdminApp() {
  return (
    <SharedBlocker>
      <Admin
        routerProvider={sharedBlockerRouterProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={MainMenu}
        catchAll={() => <Navigate to="/404" replace />}
        disableTelemetry
        title={APP_TITLE}
      >
        {RESOURCE_VIEWS.map((views) => (
          <Resource key={views.name} {...views} />
        ))}
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/forbidden" element={<Forbidden />} />
          {MODULES.map(({ path, page: Page, texts }) => (
            <Route
              key={path}
              path={path}
              element={
                <WithTexts areas={texts}>
                  <Page />
                </WithTexts>
              }
            />
          ))}
          {[...REDIRECTS].map(([path, entry]) => (
            <Route key={path} path={path} element={<Navigate to={entry} replace />} />
          ))}
          {placeholders
            .filter((r) => r.access === 'login')
            .map((r) => (
              <Route key={r.path} path={r.path} element={<ComingSoon />} />
            ))}
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/contact-login" element={<ContactLoginPage />} />
          <Route path="/term-condition" element={<TermCondition />} />
          <Route path="/404" element={<NotFound />} />
          {publicRoutes()}
          {accountRoutes()}
          {placeholders
            .filter((r) => r.access !== 'login')
            .map((r) => (
              <Route
                key={r.path}
                path={r.path}
                element={
                  r.access === 'publicAuth' ? (
                    <PublicOnly>
                      <ComingSoon />
                    </PublicOnly>
                  ) : (
                    <ComingSoon />
                  )
                }
              />
            ))}
        </CustomRoutes>
      </Admin>
    </SharedBlocker>
  );
}

// a data router: react-admin's "leave without saving?" guard (a form's warnWhenUnsavedChanges) needs one to block a
// navigation; SharedBlocker lets every guarded form of a page block it, not only the last one mounted
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }]);

export default function App() {
  return <RouterProvider router={router} />;
}
