import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box, Button, Chip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Datagrid, FunctionField, SelectInput, TextInput, useDataProvider, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { DUE_STATES, type RetentionItem } from '../../../contract/retention';
import type { AppDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/dates';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { ListFilters } from '../../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../../src/components/PagedList';
import { RowAction } from '../../../src/components/RowAction';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { DUE_CODES } from './codes';
import { CompleteDialog } from './CompleteDialog';
import { ItemDialog } from './ItemDialog';

type ItemRow = RetentionItem & RaRecord;
const LINK_FILTERS = { state: DUE_STATES, month: 'text' } as const;

/** This Bangkok month and the 12 before and after, `YYYY-MM`, named in the reader's calendar (the Buddhist era in Thai). */
function monthChoices(locale: string) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const name = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH-u-ca-buddhist', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: 25 }, (_, i) => {
    const at = new Date(Date.UTC(year, month - 1 + i - 12, 1));
    return { id: at.toISOString().slice(0, 7), name: name.format(at) };
  });
}

function StateChip({ row }: { row: ItemRow }) {
  const translate = useTranslate();
  if (row.status === 'done') return <Chip size="small" color="success" label={translate('retention.due.done')} />;
  return row.overdue ? (
    <Chip size="small" color="error" label={translate('retention.due.overdue')} />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={translate('retention.due.due')} />
  );
}

/** `/retention/due`: what must be deleted or anonymised in a month, what is overdue, and what was done, 20 a page. */
export function DueList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('dataManage');
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [adding, setAdding] = useState(false);
  const [completing, setCompleting] = useState<ItemRow | null>(null);
  const record = useMutation({
    mutationFn: (row: ItemRow) => dataProvider.deletionRecord({ id: row.id, dueOn: row.dueOn }),
    onError: (error) => notifyError(error, DUE_CODES.record),
  });
  const states = DUE_STATES.map((id) => ({ id, name: `retention.due.states.${id}` }));
  return (
    <>
      <PagedList
        resource="retention-due"
        screenCode={DUE_CODES.list}
        sort={{ field: 'dueOn', order: 'ASC' }}
        syncWithLocation
        linkFilters={LINK_FILTERS}
        filterDefaultValues={{ state: 'open' }}
      >
        <ListFilters
          searchButton
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {translate('retention.due.add')}
              </Button>
            ) : null
          }
        >
          <TextInput source="q" label="common.search" helperText={false} resettable={false} />
          <SelectInput
            source="month"
            label="retention.due.month"
            choices={monthChoices(locale)}
            translateChoice={false}
            emptyText={translate('retention.due.this_month')}
            helperText={false}
            sx={{ minWidth: 180 }}
          />
          <SelectInput
            source="state"
            label="retention.due.state"
            choices={states}
            helperText={false}
            sx={{ minWidth: 220 }}
            emptyText="retention.due.states.open"
          />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith(() => ({ 'data-testid': 'retention-due-row' }))}
          empty={<ListLooks empty={<Box sx={{ p: 2 }}>{translate('retention.due.empty')}</Box>} />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<ItemRow>
            label="retention.due.due_on"
            sortBy="dueOn"
            render={(row) => formatDate(row.dueOn, locale)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <FunctionField<ItemRow>
            label="retention.due.what"
            sortBy="category"
            render={(row) => (
              <>
                <strong>{row.category}</strong> · {row.label}
              </>
            )}
          />
          <FunctionField<ItemRow> label="retention.rules.system" sortBy="system" render={(row) => row.system} />
          <FunctionField<ItemRow>
            label="retention.rules.end_action"
            sortable={false}
            render={(row) => translate(`retention.actions.${row.endAction}`)}
          />
          <FunctionField<ItemRow> label="retention.due.owner" sortable={false} render={(row) => row.owner?.name ?? '-'} />
          <FunctionField<ItemRow> label="retention.due.state" sortable={false} render={(row) => <StateChip row={row} />} />
          <FunctionField<ItemRow>
            label="common.actions"
            sortable={false}
            render={(row) =>
              row.status === 'done' ? (
                <RowAction label="retention.due.record" icon={<DownloadIcon fontSize="small" />} onClick={() => record.mutate(row)} />
              ) : canEdit ? (
                <RowAction label="retention.due.complete" icon={<TaskAltIcon fontSize="small" />} onClick={() => setCompleting(row)} />
              ) : null
            }
          />
        </Datagrid>
      </PagedList>
      <ItemDialog open={adding} onClose={() => setAdding(false)} />
      <CompleteDialog item={completing} onClose={() => setCompleting(null)} />
    </>
  );
}
