import { useEffect, useRef, useState } from 'react';
import { Box, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { renderBanner, type Lang } from '../../banner/render';
import { bannerConfigOf, type CookieSettings } from '../../contract/cookie';
import cookieTexts from '../../i18n/cookie';

/** The banner as visitors will see it, drawn by the banner script's own renderer into a shadow root, updated as the form changes. */
export function BannerPreview({ settings, domainId }: { settings: CookieSettings; domainId: string }) {
  const translate = useTranslate();
  const host = useRef<HTMLDivElement>(null);
  const [lang, setLang] = useState<Lang>('th');
  const [view, setView] = useState<'banner' | 'prefs'>('banner');
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const cfg = bannerConfigOf(settings, {
      domainId,
      version: 0,
      consentVersion: 0,
      beacon: '',
      labels: { th: cookieTexts.th.cookie.visitor, en: cookieTexts.en.cookie.visitor },
    });
    const initial = Object.fromEntries(settings.categories.map((c) => [c.key, c.key === 'necessary']));
    renderBanner(root, cfg, lang, view, initial, { choose: () => undefined }, { preview: true });
    // the preview's own "preferences" button switches the view here too
    const onClick = (e: Event) => {
      const act = (e.composedPath()[0] as HTMLElement).dataset?.act;
      if (act === 'prefs') setView('prefs');
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [settings, lang, view, domainId]);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2">
          {translate('cookie.settings.preview')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={lang}
          onChange={(_, v: Lang | null) => v && setLang(v)}
          aria-label={translate('cookie.settings.previewLang')}
        >
          <ToggleButton value="th">ไทย</ToggleButton>
          <ToggleButton value="en">English</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: 'banner' | 'prefs' | null) => v && setView(v)}>
          <ToggleButton value="banner">{translate('cookie.settings.previewBanner')}</ToggleButton>
          <ToggleButton value="prefs">{translate('cookie.settings.previewPrefs')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        data-testid="cookie-preview"
        sx={{
          position: 'relative',
          height: 460,
          bgcolor: '#f3f4f6',
          backgroundImage: 'linear-gradient(#e5e7eb 1px, transparent 1px)',
          backgroundSize: '100% 28px',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <div ref={host} />
      </Box>
    </Paper>
  );
}
