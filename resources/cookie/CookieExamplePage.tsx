import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { cookieSnippet } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { appOrigin } from './useCookieDomains';

type BannerWindow = Window & { pdpaCookies?: { open(): void }; pdpaAnalyticsRan?: boolean };

/** `/cookieex`: the company's real banner on a live page, a blocked "analytics" script that shows whether it ran, the snippet, a reopen button. */
export default function CookieExamplePage() {
  const translate = useTranslate();
  const t = (k: string) => translate(`cookie.example.${k}`);
  const dataProvider = useDataProvider<AppDataProvider>();
  const domain = useQuery({ queryKey: ['cookie-domains', 'example'], queryFn: () => dataProvider.cookieExampleDomain() });
  const slot = useRef<HTMLDivElement>(null);
  const [ran, setRan] = useState(() => !!(window as BannerWindow).pdpaAnalyticsRan);
  const domainId = domain.data?._id;

  useEffect(() => {
    const onRan = () => setRan(true);
    window.addEventListener('pdpa:analytics-ran', onRan);
    return () => window.removeEventListener('pdpa:analytics-ran', onRan);
  }, []);
  useEffect(() => {
    if (!domainId || !slot.current) return;
    // the blocked tag, as a site writes it: the banner turns it into a running script once analytics is accepted
    const blocked = document.createElement('script');
    blocked.type = 'text/plain';
    blocked.dataset.category = 'analytics';
    blocked.setAttribute('src', '/cookieex-analytics.js');
    slot.current.append(blocked);
    // as the snippet for a site with a CSP (this page has one): the Consent Mode stub, then the banner
    const stub = document.createElement('script');
    stub.src = '/cookie-consent-stub.js';
    const banner = document.createElement('script');
    banner.async = true;
    banner.src = '/cookie-banner.js';
    banner.dataset.domain = domainId;
    stub.onload = stub.onerror = () => document.body.append(banner);
    document.body.append(stub);
    return () => {
      stub.onload = stub.onerror = null;
      stub.remove();
      banner.remove();
      blocked.remove();
      document.querySelectorAll('pdpa-cookie-banner').forEach((el) => el.remove());
    };
  }, [domainId]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      {domain.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : domain.isError ? (
        <Alert severity="error" action={<Button onClick={() => domain.refetch()}>{translate('cookie.log.retry')}</Button>}>
          {translate('cookie.settings.failed')}
        </Alert>
      ) : !domain.data ? (
        <Alert severity="info">{t('noDomain')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography>
            {t('domain')}: <b>{domain.data.host}</b> (v{domain.data.version})
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} alignItems="center">
              <Typography fontWeight={600}>{t('analytics')}</Typography>
              <Chip data-testid="cookieex-analytics" color={ran ? 'success' : 'default'} label={ran ? t('ran') : t('blocked')} />
            </Stack>
            <div ref={slot} />
          </Paper>
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => (window as BannerWindow).pdpaCookies?.open()}>
            {t('reopen')}
          </Button>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography fontWeight={600} sx={{ mb: 1 }}>
              {t('snippet')}
            </Typography>
            <Box
              component="pre"
              sx={{ bgcolor: 'action.hover', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}
            >
              {cookieSnippet(appOrigin(), domain.data._id)}
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('blockHint')}
            </Typography>
            <Box component="pre" sx={{ bgcolor: 'action.hover', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap', fontSize: 13 }}>
              {'<script type="text/plain" data-category="analytics" src="/analytics.js"></script>'}
            </Box>
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
