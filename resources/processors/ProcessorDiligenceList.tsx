import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextInput, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DiligenceRecord } from '../../contract/processors';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { PROCESSOR_CODES } from './processorUi';

type Row = DiligenceRecord & RaRecord;
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;
const YES_NO = [
  { id: 'yes', name: 'processors.warnings_only' },
  { id: 'no', name: 'processors.none' },
];

export function ProcessorWarnings({ warnings }: { warnings: DiligenceRecord['warnings'] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {warnings.map((w) => (
        <Chip key={w} size="small" color={w === 'dpa_expiring' ? 'warning' : 'error'} label={translate(`processors.warnings.${w}`)} />
      ))}
    </Box>
  );
}

/** `/data-manage/processor-diligence`: each processor of the register with its agreement, review date and warnings, 20 a page. */
export function ProcessorDiligenceList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('dataManage');
  const day = (d: string | null) => (d ? formatDate(d, locale) : '-');
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('processors.intro')}
      </Typography>
      <PagedList
        resource="processor-diligence"
        screenCode={PROCESSOR_CODES.list}
        sort={{ field: 'name', order: 'ASC' }}
        syncWithLocation
        linkFilters={{ warning: 'flag' }}
        tools={{ export: true, savedFilters: true, import: canEdit, what: 'datamap.processors.tab' }}
      >
        <ListFilters searchButton>
          <TextInput source="search" label="common.search" helperText={false} resettable={false} />
          <SelectInput
            source="warning"
            label="processors.fields.warnings"
            choices={YES_NO}
            slotProps={SHRUNK}
            helperText={false}
            emptyText="processors.any"
            format={(v: unknown) => (v === true ? 'yes' : v === false ? 'no' : '')}
            parse={(v: string) => (v === '' ? '' : v === 'yes')}
            sx={{ minWidth: 200 }}
          />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith(() => ({ 'data-testid': 'processor-row' }))}
          empty={<ListLooks />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<Row> label="processors.fields.name" sortBy="name" render={(r) => r.name} />
          <FunctionField<Row> label="processors.fields.dpaStatus" sortable={false} render={(r) => translate(`processors.statuses.${r.dpaStatus}`)} />
          <FunctionField<Row> label="processors.fields.dpaExpiresOn" sortBy="dpaExpiresOn" render={(r) => day(r.dpaExpiresOn)} />
          <FunctionField<Row> label="processors.fields.reviewOn" sortBy="reviewOn" render={(r) => day(r.reviewOn)} />
          <FunctionField<Row> label="processors.fields.warnings" sortable={false} render={(r) => <ProcessorWarnings warnings={r.warnings} />} />
          <FunctionField<Row>
            label="common.actions"
            sortable={false}
            render={(r) => (
              <Tooltip title={translate('common.edit')}>
                <IconButton size="small" component={Link} to={`/data-manage/processor-diligence/${r.id}`} aria-label={translate('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          />
        </Datagrid>
      </PagedList>
    </>
  );
}
