import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Datagrid, FunctionField, useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { AssessmentKind, Candidate } from '../../contract/assessments';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { CheckboxFilter, ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowAction } from '../../src/components/RowAction';
import { RowNumberField } from '../../src/components/RowNumberField';
import { TriggerChips } from './AssessmentChips';
import { ASSESSMENT_CODES, assessmentPath } from './assessmentUi';
import { FlagsDialog } from './FlagsDialog';

type Row = Candidate & RaRecord;

/** A DPIA or an LIA of the activity: its newest one opens; none yet (and one is due) starts one. */
function KindCell({ row, kind, onStart, busy }: { row: Row; kind: AssessmentKind; onStart: () => void; busy: boolean }) {
  const translate = useTranslate();
  const canEdit = useCanEdit('assessments');
  const newest = kind === 'dpia' ? row.dpia : row.lia;
  const due = kind === 'dpia' ? row.triggers.length > 0 : row.liaNeeded;
  if (newest)
    return (
      <Button size="small" component={Link} to={assessmentPath(newest.id)} sx={{ whiteSpace: 'nowrap' }}>
        {translate(`assessments.candidates.open_${newest.state}`, { round: newest.round })}
      </Button>
    );
  if (!due)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('assessments.candidates.not_needed')}
      </Typography>
    );
  return canEdit ? (
    <Button
      size="small"
      variant="contained"
      startIcon={<PlayArrowIcon />}
      onClick={onStart}
      disabled={busy}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid={`start-${kind}`}
    >
      {translate(`assessments.candidates.start_${kind}`)}
    </Button>
  ) : (
    <Chip size="small" color="warning" label={translate('assessments.candidates.missing')} />
  );
}

/** `/assessments/candidates`: the ROPA's live activities with their DPIA triggers and LIA need, and a way to start each. */
export function CandidateList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('assessments');
  const [flagging, setFlagging] = useState<Row | null>(null);
  const start = useMutation({
    mutationFn: ({ kind, activityId }: { kind: AssessmentKind; activityId: string }) =>
      dataProvider.create('assessments', { data: { kind, activityId } }),
    onSuccess: async ({ data }) => {
      await queryClient.invalidateQueries({ queryKey: ['assessment-candidates'] });
      navigate(assessmentPath(String(data.id)));
    },
    onError: (error) => notifyError(error, ASSESSMENT_CODES.start),
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('assessments.candidates.intro')}
      </Typography>
      <PagedList resource="assessment-candidates" screenCode={ASSESSMENT_CODES.candidates} filterDefaultValues={{ due: true }} syncWithLocation>
        <ListFilters search="assessments.candidates.search">
          <CheckboxFilter source="due" label="assessments.candidates.due_only" />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith((r) => ({ 'data-testid': 'candidate-row', 'data-activity': String(r.name) }))}
          empty={<ListLooks empty={<EmptyList text="assessments.candidates.empty" />} />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<Row>
            label="assessments.candidates.activity"
            sortable={false}
            render={(r) => (
              <Box sx={{ minWidth: 180 }}>
                <Typography variant="body2">{r.name}</Typography>
                {r.department ? (
                  <Typography variant="caption" color="text.secondary">
                    {r.department}
                  </Typography>
                ) : null}
              </Box>
            )}
          />
          <FunctionField<Row> label="assessments.candidates.triggers" sortable={false} render={(r) => <TriggerChips triggers={r.triggers} />} />
          <FunctionField<Row>
            label="assessments.kinds_short.dpia"
            sortable={false}
            render={(r) => (
              <KindCell row={r} kind="dpia" busy={start.isPending} onStart={() => start.mutate({ kind: 'dpia', activityId: String(r.id) })} />
            )}
          />
          <FunctionField<Row>
            label="assessments.kinds_short.lia"
            sortable={false}
            render={(r) => (
              <KindCell row={r} kind="lia" busy={start.isPending} onStart={() => start.mutate({ kind: 'lia', activityId: String(r.id) })} />
            )}
          />
          {canEdit ? (
            <FunctionField<Row>
              label="common.actions"
              sortable={false}
              render={(r) => <RowAction label="assessments.flags.edit" icon={<TuneIcon fontSize="small" />} onClick={() => setFlagging(r)} />}
            />
          ) : null}
        </Datagrid>
      </PagedList>
      <FlagsDialog candidate={flagging} onClose={() => setFlagging(null)} />
    </>
  );
}
