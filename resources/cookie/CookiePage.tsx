import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DomainsTab } from './DomainsTab';
import { LogTab } from './LogTab';
import { ProofTab } from './ProofTab';
import { ScanTab } from './ScanTab';
import { StatsTab } from './StatsTab';
import { UndeclaredTab } from './UndeclaredTab';

const TABS = ['domains', 'log', 'proof', 'stats', 'undeclared', 'scan'] as const;
type TabKey = (typeof TABS)[number];

/** `/cookie/list`: the domains with their snippets, the consent log and its proof, the opt-in statistics, the undeclared cookies and the scanner (`?tab=`). */
export default function CookiePage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t === params.get('tab')) ?? 'domains';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('cookie.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('cookie.title')}
      </Typography>
      <Tabs value={tab} onChange={(_, t: TabKey) => setParams(t === 'domains' ? {} : { tab: t })} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`cookie.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'domains' ? (
        <DomainsTab />
      ) : tab === 'log' ? (
        <LogTab />
      ) : tab === 'proof' ? (
        <ProofTab />
      ) : tab === 'stats' ? (
        <StatsTab />
      ) : tab === 'undeclared' ? (
        <UndeclaredTab />
      ) : (
        <ScanTab />
      )}
    </Box>
  );
}
