import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SHEET_STATES, type SheetRecord } from '../../contract/sheets';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { CODES, STATE_COLOURS } from './sheetsApi';

/** The dashboard's "documents in review" opens the list with `?state=review`. */
const LINK_FILTERS = { state: SHEET_STATES } as const;

/** No document yet: where to start; none matching a search or state: the seed's "nothing found". */
function NoSheets() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return Object.keys(filterValues).length ? (
    <EmptyList searching />
  ) : (
    <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('sheets.list.empty')}</Box>
  );
}

function SheetGrid() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      hover
      aria-label={translate('sheets.tabs.documents')}
      body={rowsWith(() => ({ 'data-testid': 'sheet-row' }))}
      empty={<NoSheets />}
      sx={{ overflowX: 'auto' }}
    >
      <RowNumberField label="common.number" />
      <FunctionField<SheetRecord>
        label="sheets.list.doc_title"
        sortBy="title"
        render={(row) => (
          <>
            <Link to={`/sheets/edit?id=${row.id}`}>{row.title}</Link>
            {row.noticeName ? <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{row.noticeName}</Box> : null}
          </>
        )}
      />
      <FunctionField<SheetRecord> label="sheets.list.kind" sortable={false} render={(row) => translate(`sheets.kinds.${row.kind}`)} />
      <FunctionField<SheetRecord>
        label="sheets.list.state"
        sortBy="state"
        render={(row) => <Chip size="small" color={STATE_COLOURS[row.state]} label={translate(`sheets.states.${row.state}`)} />}
      />
      <FunctionField<SheetRecord>
        label="sheets.list.version"
        sortable={false}
        render={(row) =>
          `${row.version}${
            row.publishedVersion && row.publishedVersion !== row.version
              ? ` (${translate('sheets.edit.published_version', { version: row.publishedVersion })})`
              : ''
          }`
        }
      />
      <FunctionField<SheetRecord> label="sheets.list.updated" sortBy="updated_dt" render={(row) => formatDate(row.updated_dt, locale, true)} />
    </Datagrid>
  );
}

/** `/sheets/list`: the company's documents, their state and version, 20 a page, by search and state (kept in the address). */
export function SheetList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('sheets');
  return (
    <PagedList resource="sheets" screenCode={CODES.list} sort={{ field: 'updated_dt', order: 'DESC' }} linkFilters={LINK_FILTERS} syncWithLocation>
      <ListFilters
        search="sheets.list.search"
        debounce={0}
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/sheets/create/list">
              {translate('sheets.list.new')}
            </Button>
          ) : null
        }
      >
        <SelectInput
          {...FILTER_INPUT}
          source="state"
          label="sheets.list.state"
          emptyText="sheets.list.all_states"
          choices={SHEET_STATES.map((s) => ({ id: s, name: translate(`sheets.states.${s}`) }))}
          sx={{ minWidth: 160, my: 0 }}
        />
      </ListFilters>
      <SheetGrid />
    </PagedList>
  );
}
