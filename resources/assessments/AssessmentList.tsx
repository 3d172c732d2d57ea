import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { ASSESSMENT_KINDS, ASSESSMENT_STATES, type AssessmentRow } from '../../contract/assessments';
import { formatDate } from '../../i18n/dates';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { OutcomeCell, StateChip } from './AssessmentChips';
import { KindFilter, StateFilter } from './AssessmentFilters';
import { ASSESSMENT_CODES, assessmentPath } from './assessmentUi';
import { EmptyList } from '../../src/components/EmptyList';

type Row = AssessmentRow & RaRecord;
const LINK_FILTERS = { kind: ASSESSMENT_KINDS, state: ASSESSMENT_STATES } as const;

/** `/assessments/list`: every DPIA and LIA of the company, newest change first, by kind, state and a search, 20 a page. */
export function AssessmentList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('assessments.list.intro')}
      </Typography>
      <PagedList
        resource="assessments"
        screenCode={ASSESSMENT_CODES.list}
        sort={{ field: 'updated_dt', order: 'DESC' }}
        syncWithLocation
        linkFilters={LINK_FILTERS}
      >
        <ListFilters search="assessments.list.search">
          <KindFilter />
          <StateFilter />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith(() => ({ 'data-testid': 'assessment-row' }))}
          empty={<ListLooks empty={<EmptyList text="assessments.list.empty" hint="assessments.list.empty_hint" />} />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<Row>
            label="assessments.list.activity"
            sortBy="activity"
            render={(r) => r.activity}
            sx={{ display: 'block', minWidth: 180 }}
          />
          <FunctionField<Row> label="assessments.list.kind" sortBy="kind" render={(r) => translate(`assessments.kinds_short.${r.kind}`)} />
          <FunctionField<Row> label="assessments.list.round" sortBy="round" render={(r) => r.round} />
          <FunctionField<Row> label="assessments.list.state" sortBy="state" render={(r) => <StateChip state={r.state} />} />
          <FunctionField<Row> label="assessments.list.outcome" sortable={false} render={(r) => <OutcomeCell row={r} />} />
          <FunctionField<Row>
            label="assessments.list.score"
            sortable={false}
            render={(r) => (r.score === null ? '-' : `${r.score}/100`)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <FunctionField<Row>
            label="assessments.list.updated"
            sortBy="updated_dt"
            render={(r) => formatDate(r.updated_dt, locale)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <FunctionField<Row>
            label="common.actions"
            sortable={false}
            render={(r) => (
              <Tooltip title={translate('assessments.list.open')}>
                <IconButton
                  size="small"
                  component={Link}
                  to={assessmentPath(String(r.id))}
                  aria-label={`${translate('assessments.list.open')} ${r.activity}`}
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          />
        </Datagrid>
      </PagedList>
    </>
  );
}
