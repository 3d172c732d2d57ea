import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useLocaleState, useTranslate } from 'ra-core';
import { LOCALES } from '../i18n/i18nProvider';

// not on a first load: the sign-in and public pages carry only the button until someone opens it
const LanguageMenu = lazy(() => import('./LanguageMenu'));

/** ไทย / English: switches every text, the server's messages included. */
export function LanguageSwitch() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        // the visible language name comes first in the accessible name (WCAG 2.5.3 label in name)
        aria-label={`${LOCALES.find((l) => l.locale === locale)?.name} · ${translate('shell.language')}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {LOCALES.find((l) => l.locale === locale)?.name}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
            onPick={(picked) => {
              setLocale(picked);
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
