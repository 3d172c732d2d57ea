import '../zodConfig';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataProviderContext, I18nContextProvider, StoreContextProvider, type DataProvider } from 'ra-core';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { publicCalls } from '../../dataProvider/publicCalls';
import { i18nProvider } from '../i18n/i18nProvider';
import { store } from '../store';
import { theme } from '../theme';
import { publicRoutes } from './publicRoutes';

const muiTheme = createTheme(theme);
// the public pages' calls (a form, a request, tracking, a notice, consent) are the data provider's named calls
const dataProvider = publicCalls as unknown as DataProvider;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Any other path belongs to the application: a full load hands it over. */
function LeaveShell() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return null;
}

/**
 * The data subjects' public pages on their own, without react-admin's application: a data subject
 * following a link to a request form, the tracking page, a consent notice or a privacy policy loads
 * only this and the page (the same pages the application routes to, see `src/App.tsx`).
 */
export default function PublicPagesShell() {
  return (
    <StoreContextProvider value={store}>
      <DataProviderContext.Provider value={dataProvider}>
        <I18nContextProvider value={i18nProvider}>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider theme={muiTheme}>
              <CssBaseline />
              <BrowserRouter>
                <Suspense fallback={null}>
                  <Routes>
                    {publicRoutes()}
                    <Route path="*" element={<LeaveShell />} />
                  </Routes>
                </Suspense>
              </BrowserRouter>
            </ThemeProvider>
          </QueryClientProvider>
        </I18nContextProvider>
      </DataProviderContext.Provider>
    </StoreContextProvider>
  );
}
