import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { MENU, type MenuKey } from '../../contract/menus';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { useTexts } from '../../src/i18n/i18nProvider';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { DashboardFilters, type FilterState } from './DashboardFilters';
import { DsrSummaryCard, ExpireDsrCard, GraphCard } from './DsrCards';
import { DsrTaskOnTimeCard } from './DsrTaskOnTimeCard';
import { BreachListCard, ConsentCountCard, ExpireConsentCard, RiskListCard } from './ModuleCards';
import { OverviewCard } from './OverviewCard';
import { PostureCard } from './PostureCard';
import { SumStats } from './SumStats';
import { presetRange, queryOf } from './period';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, mb: 2 } as const;

/** `/dashboard` (menu 2): the seed's feeds as cards, the compliance posture, a period and department filter, the board report. */
export default function DashboardPage() {
  useTexts('dashboard');
  useTexts('dsr');
  useTexts('audit');
  useTexts('framework');
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { menu } = useServerMenu();
  const has = (key: MenuKey) => menu.some((m) => m.menuId === MENU[key].menuId);
  const [filters, setFilters] = useState<FilterState>(() => ({ preset: 'last12', departmentId: '', ...presetRange('last12')! }));
  const change = (next: FilterState) => setFilters({ ...next, ...(presetRange(next.preset) ?? {}) });
  const query = useMemo(() => queryOf({ from: filters.from, to: filters.to }, filters.departmentId), [filters]);
  const choices = useQuery({
    queryKey: ['ropa-activities', 'choices'],
    queryFn: () => dataProvider.ropaChoices(),
    enabled: has('ropa'),
    retry: false,
  });
  const report = useMutation({ mutationFn: () => dataProvider.boardReport(query), onError: (e) => notifyError(e, 'DSB#001') });
  const dsr = has('consents');
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('dashboard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate('dashboard.title')}
        </Typography>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} loading={report.isPending} onClick={() => report.mutate()}>
          {translate('dashboard.report.button')}
        </Button>
      </Box>
      <DashboardFilters value={filters} onChange={change} departments={choices.data?.departments as { id: string; name: string }[] | undefined} />
      <Box sx={{ mb: 2 }}>
        <SumStats query={query} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <PostureCard query={query} />
      </Box>
      {dsr ? (
        <>
          <Box sx={{ mb: 2 }}>
            <GraphCard query={query} />
          </Box>
          <Box sx={grid}>
            <DsrSummaryCard query={query} />
            <ExpireDsrCard query={query} />
            <ConsentCountCard query={query} />
            <ExpireConsentCard query={query} />
            <DsrTaskOnTimeCard query={query} />
          </Box>
        </>
      ) : null}
      <Box sx={grid}>
        {has('riskManagement') ? <RiskListCard query={query} /> : null}
        {has('dataBreach') ? <BreachListCard query={query} /> : null}
        <OverviewCard />
      </Box>
    </Box>
  );
}
