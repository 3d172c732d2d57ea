import { Box, Chip, Paper, Typography } from '@mui/material';
import { Datagrid, FunctionField, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AssessmentDetail, AssessmentRow } from '../../contract/assessments';
import { formatDate } from '../../i18n/dates';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { OutcomeCell, StateChip } from './AssessmentChips';
import { ASSESSMENT_CODES, assessmentPath } from './assessmentUi';

type Row = AssessmentRow & RaRecord;

/** Every round of this activity's DPIA (or LIA), newest first: who signed each and what it found. */
export function RoundsHistory({ assessment }: { assessment: AssessmentDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rounds-title" data-testid="rounds">
      <Typography variant="h6" component="h3" id="rounds-title" sx={{ mb: 1 }}>
        {translate('assessments.rounds.title')}
      </Typography>
      <PagedList
        resource="assessments"
        screenCode={ASSESSMENT_CODES.list}
        filter={{ activityId: assessment.activityId, kind: assessment.kind }}
        sort={{ field: 'round', order: 'DESC' }}
      >
        {/* a narrow column scrolls the table sideways: the region takes the focus, so a keyboard scrolls it too */}
        <Box tabIndex={0} role="region" aria-label={translate('assessments.rounds.table')} sx={{ overflowX: 'auto' }}>
          <Datagrid bulkActionButtons={false} rowClick={false} body={rowsWith(() => ({ 'data-testid': 'round-row' }))} empty={<ListLooks />}>
            <FunctionField<Row>
              label="assessments.list.round"
              sortable={false}
              render={(r) =>
                r.id === assessment.id ? (
                  <Chip size="small" color="primary" label={translate('assessments.rounds.this', { round: r.round })} />
                ) : (
                  <Link to={assessmentPath(String(r.id))}>{translate('assessments.round', { round: r.round })}</Link>
                )
              }
            />
            <FunctionField<Row> label="assessments.list.state" sortable={false} render={(r) => <StateChip state={r.state} />} />
            <FunctionField<Row> label="assessments.list.outcome" sortable={false} render={(r) => <OutcomeCell row={r} />} />
            <FunctionField<Row> label="assessments.rounds.signed_by" sortable={false} render={(r) => r.signedBy?.name ?? '-'} />
            <FunctionField<Row>
              label="assessments.rounds.signed_on"
              sortable={false}
              render={(r) => (r.signed_dt ? formatDate(r.signed_dt, locale) : '-')}
              sx={{ whiteSpace: 'nowrap' }}
            />
          </Datagrid>
        </Box>
      </PagedList>
    </Paper>
  );
}
