import { Box, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextInput, useTranslate } from 'react-admin';
import { READ_LOG_DAYS, READ_LOG_ENTITIES, type ReadLogEntry } from '../../contract/audit';
import { DayFilterInput } from '../../src/components/DayFilterInput';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { useAuditOptions } from './auditApi';
import { When, caption } from './When';

type Row = ReadLogEntry;
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;
/** Ids shown in a row before "and N more" (the tooltip holds them all). */
const SHOWN_IDS = 2;

function Records({ ids }: { ids: string[] }) {
  const translate = useTranslate();
  const more = ids.length - SHOWN_IDS;
  return (
    <Tooltip title={ids.join(', ')} describeChild>
      <Box sx={{ fontFamily: 'monospace', fontSize: 12 }} data-testid="read-records">
        {ids.slice(0, SHOWN_IDS).map((id) => (
          <div key={id}>{id.length > 13 ? `${id.slice(0, 8)}…` : id}</div>
        ))}
        {more > 0 ? <Typography {...caption}>{translate('audit.reads.more', { count: more })}</Typography> : null}
      </Box>
    </Tooltip>
  );
}

/**
 * `/settings/audit/reads`: every read of a data subject's records (who, when, which, from where), newest
 * first, 20 a page; by person, kind of record, one record's id and days; exported as XLSX.
 */
export function ReadLogList() {
  const translate = useTranslate();
  const options = useAuditOptions();
  const people = (options.data?.people ?? []).map((p) => ({ id: p._id, name: p.fullName ? `${p.fullName} (${p.username})` : p.username }));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('audit.reads.intro', { days: READ_LOG_DAYS })}
      </Typography>
      <PagedList
        resource="audit-reads"
        screenCode="AUD#004"
        sort={{ field: 'at', order: 'DESC' }}
        syncWithLocation
        tools={{ export: true, what: 'audit.reads.tab' }}
      >
        <ListFilters searchButton>
          <SelectInput
            {...FILTER_INPUT}
            source="user"
            label="audit.reads.who"
            choices={people}
            translateChoice={false}
            emptyText="audit.filters.all"
            slotProps={SHRUNK}
            sx={{ minWidth: 200 }}
          />
          <SelectInput
            {...FILTER_INPUT}
            source="entity"
            label="audit.reads.entity"
            choices={READ_LOG_ENTITIES.map((e) => ({ id: e, name: `audit.reads.entities.${e}` }))}
            emptyText="audit.filters.all"
            slotProps={SHRUNK}
            sx={{ minWidth: 220 }}
          />
          <TextInput {...FILTER_INPUT} source="recordId" label="audit.reads.record_filter" resettable={false} sx={{ minWidth: 260 }} />
          <DayFilterInput source="from" label="audit.filters.from" />
          <DayFilterInput source="to" label="audit.filters.to" />
        </ListFilters>
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            body={rowsWith(() => ({ 'data-testid': 'read-row' }))}
            empty={<ListLooks />}
            sx={{ '& .column-entity': { minWidth: 170 } }}
          >
            <RowNumberField label="audit.columns.number" />
            <FunctionField<Row> label="audit.reads.at" sortBy="at" render={(r) => <When at={r.at} seconds />} />
            <FunctionField<Row>
              label="audit.reads.who"
              sortable={false}
              render={(r) => (
                <Box>
                  <Typography variant="body2">{r.fullName ?? r.username}</Typography>
                  {r.fullName ? <Typography {...caption}>{r.username}</Typography> : null}
                  <Typography {...caption} sx={{ whiteSpace: 'nowrap' }}>{`${translate('audit.reads.ip')} ${r.ip}`}</Typography>
                </Box>
              )}
            />
            <FunctionField<Row>
              source="entity"
              label="audit.reads.entity"
              sortable={false}
              render={(r) => translate(`audit.reads.entities.${r.entity}`)}
            />
            <FunctionField<Row> label="audit.reads.records" sortable={false} render={(r) => <Records ids={r.recordIds} />} />
            <FunctionField<Row>
              label="audit.reads.route"
              sortable={false}
              render={(r) => (
                <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                  {r.route}
                </Typography>
              )}
            />
          </Datagrid>
        </Box>
      </PagedList>
    </>
  );
}
