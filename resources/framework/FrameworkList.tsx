import { Box } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { FRAMEWORK_AREAS, FRAMEWORK_SOURCES, FRAMEWORK_STATES, type FrameworkScore } from '../../contract/framework';
import { formatDate } from '../../i18n/dates';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { FRAMEWORK_CODES } from './codes';
import { FiguresText, StateChip, scoreText, useLawText } from './cells';

type Row = FrameworkScore & RaRecord;
const LINK_FILTERS = { area: FRAMEWORK_AREAS, state: FRAMEWORK_STATES, source: FRAMEWORK_SOURCES } as const;

/** The framework's requirements, filterable by area, state and how each is scored; a row opens its drill-down. */
export function FrameworkList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const lawText = useLawText();
  const choices = (prefix: string, ids: readonly string[]) => ids.map((id) => ({ id, name: `framework.${prefix}.${id}` }));
  return (
    <PagedList
      resource="framework-requirements"
      screenCode={FRAMEWORK_CODES.list}
      sort={{ field: 'order', order: 'ASC' }}
      syncWithLocation
      linkFilters={LINK_FILTERS}
    >
      <ListFilters>
        <SelectInput
          source="area"
          label="framework.area"
          choices={choices('areas', FRAMEWORK_AREAS)}
          emptyText="framework.all_areas"
          helperText={false}
          sx={{ minWidth: 260 }}
        />
        <SelectInput
          source="state"
          label="framework.state_column"
          choices={choices('states', FRAMEWORK_STATES)}
          helperText={false}
          sx={{ minWidth: 180 }}
        />
        <SelectInput
          source="source"
          label="framework.source"
          choices={choices('sources', FRAMEWORK_SOURCES)}
          helperText={false}
          sx={{ minWidth: 160 }}
        />
      </ListFilters>
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => {
          navigate(`/framework/${id}`);
          return false;
        }}
        body={rowsWith((row) => ({ 'data-testid': `framework-row-${String(row.id)}` }))}
        empty={<ListLooks empty={<Box sx={{ p: 2 }}>{translate('framework.empty')}</Box>} />}
        sx={{ overflowX: 'auto' }}
      >
        <FunctionField<Row> label="framework.area" sortable={false} render={(r) => translate(`framework.areas.${r.area}`)} />
        <FunctionField<Row>
          label="framework.statement"
          sortBy="order"
          render={(r) => (
            <>
              {translate(`framework.requirements.${r.id}`)}
              <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
                ({lawText(r.law)})
              </Box>
            </>
          )}
        />
        <FunctionField<Row> label="framework.score_column" sortBy="score" render={(r) => <strong>{scoreText(r.score)}</strong>} />
        <FunctionField<Row> label="framework.state_column" sortable={false} render={(r) => <StateChip state={r.state} />} />
        <FunctionField<Row> label="framework.source" sortable={false} render={(r) => translate(`framework.sources.${r.source}`)} />
        <FunctionField<Row>
          label="framework.figures"
          sortable={false}
          render={(r) => <FiguresText row={r} formatDay={(d) => formatDate(d, locale)} />}
        />
      </Datagrid>
    </PagedList>
  );
}
