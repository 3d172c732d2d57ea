import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DpoAppointment } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { TableBodyState } from '../../src/components/TableBodyState';
import { AssessmentCard } from './AssessmentCard';
import { CurrentDpoCard } from './CurrentDpoCard';
import type { DpoAppointmentRecord } from './definition';
import { SCREEN, useDate } from './dpoApi';

const PER_PAGE = 10;

/** `/dpo/list`: who is DPO now, whether the law requires one (s.41), and who was DPO when. */
export function DpoOverview() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const date = useDate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const canEdit = useCanEdit('dpo');
  const [page, setPage] = useState(1);
  const list = useGetList<DpoAppointmentRecord>(
    'dpo-appointments',
    { pagination: { page, perPage: PER_PAGE }, sort: { field: 'appointedOn', order: 'DESC' } },
    { placeholderData: keepPreviousData, retry: false, onError: (e) => notifyError(e, SCREEN.list) },
  );
  const assessments = useQuery({ queryKey: ['dpo-assessments'], queryFn: () => dataProvider.dpoAssessments(), retry: false });
  useEffect(() => {
    if (assessments.error) notifyError(assessments.error, SCREEN.assessment);
  }, [assessments.error, notifyError]);
  const current = (list.meta?.current ?? null) as DpoAppointment | null;
  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / PER_PAGE));
  const latest = assessments.data?.[0];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {latest?.required && !list.isPending && !list.error && !current ? (
        <Alert severity="error" data-testid="dpo-missing">
          {translate('dpo.assessment.missing')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        {list.error ? (
          <Paper variant="outlined">
            <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
          </Paper>
        ) : (
          <CurrentDpoCard current={current} loading={list.isPending} />
        )}
        <AssessmentCard query={assessments} />
      </Box>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('dpo.history.title')}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate('dpo.history.title')}>
            <TableHead>
              <TableRow>
                {(['name', 'kind', 'period', 'status'] as const).map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 700 }}>
                    {translate(`dpo.history.${c}`)}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a._id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {a.name}
                    {a.endReason ? (
                      <Typography variant="body2" color="text.secondary">
                        {a.endReason}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{translate(`dpo.kinds.${a.kind}`)}</TableCell>
                  <TableCell>
                    {date(a.appointedOn)} – {a.endedOn ? date(a.endedOn) : translate('dpo.history.until_now')}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={a.current ? 'success' : 'default'}
                      label={translate(a.current ? 'dpo.history.current' : 'dpo.history.ended')}
                    />
                  </TableCell>
                  <TableCell sx={{ width: 56 }}>
                    {canEdit ? (
                      <IconButton component={Link} to={`/dpo/assing/${a._id}`} aria-label={`${translate('ra.action.edit')}: ${a.name}`}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              <TableBodyState
                columns={5}
                isPending={list.isPending}
                error={list.error}
                onRetry={() => void list.refetch()}
                isEmpty={rows.length === 0}
                empty={<Typography>{translate('dpo.history.empty')}</Typography>}
              />
            </TableBody>
          </Table>
        </TableContainer>
        {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
      </Box>
    </Box>
  );
}
