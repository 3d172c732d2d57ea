import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { DataProviderContext, I18nContextProvider, StoreContextProvider, type DataProvider } from 'ra-core';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { accountCalls } from '../../dataProvider/accounts';
import { i18nProvider } from '../i18n/i18nProvider';
import { store } from '../store';
import { theme } from '../theme';
import { ContactLoginPage, LoginPage } from './LoginPage';
import { accountRoutes } from './accountPages';
import { useEndFirstPaint } from '../pages/firstPaint';

const muiTheme = createTheme(theme);

/**
 * The sign-in pages on their own, without the application: a first visit to `/login` loads only
 * this (the size budget in `scripts/size-budget.mjs` holds it under 200 KB of gzip).
 */
export default function LoginShell() {
  // the server's first paint of /login (its card's head) gives way to the page
  useEndFirstPaint(true);
  return (
    // the public account calls alone: the resources' route table stays with the application
    <DataProviderContext.Provider value={accountCalls as unknown as DataProvider}>
      <StoreContextProvider value={store}>
        <I18nContextProvider value={i18nProvider}>
          <ThemeProvider theme={muiTheme}>
            <CssBaseline />
            <BrowserRouter>
              <Suspense fallback={null}>
                <Routes>
                  <Route path="/contact-login" element={<ContactLoginPage />} />
                  {/* the sign-in page's links: "forgot password?", "register" */}
                  {accountRoutes()}
                  <Route path="*" element={<LoginPage />} />
                </Routes>
              </Suspense>
            </BrowserRouter>
          </ThemeProvider>
        </I18nContextProvider>
      </StoreContextProvider>
    </DataProviderContext.Provider>
  );
}
