import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Chip, IconButton, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Datagrid, FunctionField, ListBase, useDataProvider, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { DpoAppointment } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListPagination } from '../../src/components/ListPagination';
import { ListLoadFailed } from '../../src/components/PagedList';
import { AssessmentCard } from './AssessmentCard';
import { CurrentDpoCard } from './CurrentDpoCard';
import type { DpoAppointmentRecord } from './definition';
import { SCREEN, useDate } from './dpoApi';
import { DpoReports } from './reports/DpoReports';

function EditAppointment() {
  const translate = useTranslate();
  const a = useRecordContext<DpoAppointmentRecord>();
  if (!a) return null;
  return (
    <IconButton component={Link} to={`/dpo/assing/${a._id}`} aria-label={`${translate('ra.action.edit')}: ${a.name}`}>
      <EditIcon fontSize="small" />
    </IconButton>
  );
}

/** Who was DPO when, newest first; the failure (with its code and a retry) in the table's place. */
function DpoHistory() {
  const translate = useTranslate();
  const date = useDate();
  const canEdit = useCanEdit('dpo');
  const { error } = useListContext();
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('dpo.history.title')}
      </Typography>
      <Paper variant="outlined">
        {error ? (
          <ListLoadFailed screenCode={SCREEN.list} />
        ) : (
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            aria-label={translate('dpo.history.title')}
            empty={<Typography sx={{ textAlign: 'center', py: 4 }}>{translate('dpo.history.empty')}</Typography>}
            sx={{ overflowX: 'auto' }}
          >
            <FunctionField<DpoAppointmentRecord>
              label="dpo.history.name"
              sortable={false}
              sx={{ overflowWrap: 'anywhere', display: 'block' }}
              render={(a) => (
                <>
                  {a.name}
                  {a.endReason ? (
                    <Typography variant="body2" color="text.secondary">
                      {a.endReason}
                    </Typography>
                  ) : null}
                </>
              )}
            />
            <FunctionField<DpoAppointmentRecord> label="dpo.history.kind" sortable={false} render={(a) => translate(`dpo.kinds.${a.kind}`)} />
            <FunctionField<DpoAppointmentRecord>
              label="dpo.history.period"
              sortable={false}
              render={(a) => `${date(a.appointedOn)} – ${a.endedOn ? date(a.endedOn) : translate('dpo.history.until_now')}`}
            />
            <FunctionField<DpoAppointmentRecord>
              label="dpo.history.status"
              sortable={false}
              render={(a) => (
                <Chip
                  size="small"
                  color={a.current ? 'success' : 'default'}
                  label={translate(a.current ? 'dpo.history.current' : 'dpo.history.ended')}
                />
              )}
            />
            {canEdit ? <FunctionField label="" sortable={false} sx={{ width: 56 }} render={() => <EditAppointment />} /> : null}
          </Datagrid>
        )}
        <ListPagination />
      </Paper>
    </Box>
  );
}

/** The current DPO (the list's `meta.current`), whether the law requires one, and the history below. */
function DpoOverviewView() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const list = useListContext<DpoAppointmentRecord>();
  const assessments = useQuery({ queryKey: ['dpo-assessments'], queryFn: () => dataProvider.dpoAssessments(), retry: false });
  useEffect(() => {
    if (assessments.error) notifyError(assessments.error, SCREEN.assessment);
  }, [assessments.error, notifyError]);
  const current = (list.meta?.current ?? null) as DpoAppointment | null;
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
            <ListLoadFailed screenCode={SCREEN.list} />
          </Paper>
        ) : (
          <CurrentDpoCard current={current} loading={list.isPending} />
        )}
        <AssessmentCard query={assessments} inOffice={current !== null} />
      </Box>
      <DpoHistory />
    </Box>
  );
}

/** `/dpo/list`'s lists, each in its own list context: the appointments (and the current DPO), then the DPO's reports (s.42). */
function DpoOverviewLists() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <DpoOverviewView />
      <DpoReports />
    </Box>
  );
}

/** `/dpo/list`: who is DPO now, whether the law requires one (s.41), and who was DPO when. */
export function DpoOverview() {
  const notifyError = useNotifyError();
  return (
    <ListBase
      resource="dpo-appointments"
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, SCREEN.list) }}
    >
      <DpoOverviewLists />
    </ListBase>
  );
}
