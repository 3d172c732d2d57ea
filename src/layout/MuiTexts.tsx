import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * MUI's own words (an Autocomplete's "Open", "Clear", "No options"; an Alert's "Close") in the reader's
 * language, from the catalogue (i18n/layout.ts `mui`), for every component under it: the theme's default
 * props, renewed when the language changes.
 */
export function MuiTexts({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const withTexts = useMemo(
    () => (outer: Theme) =>
      createTheme(outer, {
        components: {
          MuiAutocomplete: {
            defaultProps: {
              openText: translate('mui.open'),
              closeText: translate('mui.close'),
              clearText: translate('mui.clear'),
              noOptionsText: translate('mui.no_options'),
              loadingText: translate('mui.loading'),
            },
          },
          MuiAlert: { defaultProps: { closeText: translate('mui.close_alert') } },
        },
      }),
    // `translate` is renewed when the language changes
    [translate],
  );
  return <ThemeProvider theme={withTexts}>{children}</ThemeProvider>;
}
