import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { I18nContextProvider, StoreContextProvider } from 'ra-core';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../i18n/i18nProvider';
import { store } from '../store';
import { theme } from '../theme';
import { ContactLoginPage, LoginPage } from './LoginPage';

const muiTheme = createTheme(theme);

/**
 * The sign-in pages on their own, without the application: a first visit to `/login` loads only
 * this (the size budget in `scripts/size-budget.mjs` holds it under 250 KB of gzip).
 */
export default function LoginShell() {
  return (
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider}>
        <ThemeProvider theme={muiTheme}>
          <CssBaseline />
          <BrowserRouter>
            <Routes>
              <Route path="/contact-login" element={<ContactLoginPage />} />
              <Route path="*" element={<LoginPage />} />
            </Routes>
          </BrowserRouter>
        </ThemeProvider>
      </I18nContextProvider>
    </StoreContextProvider>
  );
}
