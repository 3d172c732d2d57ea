import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { Datagrid, FunctionField, TextInput, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { ListFilters } from '../../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../../src/components/PagedList';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { useConfirmedDelete } from '../../../src/components/useConfirmedDelete';
import { formatDate } from '../../../i18n/dates';
import { CODES, publicFormPath, type FormListRow } from './consentApi';

type NoticeRow = FormListRow & RaRecord;

/** Edit (or view, for a view-only role); a published notice opens its public form, a draft can be deleted. */
function NoticeActions({ row, canEdit, onRemove }: { row: NoticeRow; canEdit: boolean; onRemove: (row: NoticeRow) => void }) {
  const translate = useTranslate();
  const open = translate(canEdit ? 'common.edit' : 'consent.builder.title_view');
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={open}>
        <IconButton size="small" component={Link} to={`/consents/create/${row._id}`} aria-label={open}>
          {canEdit ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      {row.version ? (
        <Tooltip title={translate('consent.notices.open_form')}>
          <IconButton
            size="small"
            component="a"
            href={publicFormPath(row)}
            target="_blank"
            rel="noopener"
            aria-label={translate('consent.notices.open_form')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : canEdit ? (
        <Button size="small" color="error" onClick={() => onRemove(row)}>
          {translate('common.delete')}
        </Button>
      ) : null}
    </Box>
  );
}

function NoticeGrid({ canEdit, onRemove }: { canEdit: boolean; onRemove: (row: NoticeRow) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith(() => ({ 'data-testid': 'consent-form-row' }))}
      empty={<ListLooks />}
      aria-label={translate('consent.tabs.notices')}
    >
      <RowNumberField label="common.number" />
      <FunctionField<NoticeRow> label="consent.notices.project" sortable={false} render={(row) => row.projectName || '-'} />
      <FunctionField<NoticeRow>
        label="consent.notices.status"
        sortable={false}
        render={(row) => (
          <Stack direction="row" spacing={1}>
            <Chip
              size="small"
              color={row.version ? 'success' : 'default'}
              label={row.version ? `${translate('consent.notices.live')} v${row.version}` : translate('consent.notices.draft')}
            />
            {row.changed ? <Chip size="small" color="warning" label={translate('consent.notices.changed')} /> : null}
          </Stack>
        )}
      />
      <FunctionField<NoticeRow> label="consent.notices.published" sortable={false} render={(row) => formatDate(row.published_dt, locale)} />
      <FunctionField<NoticeRow> label="consent.notices.updated" sortable={false} render={(row) => formatDate(row.updated_dt, locale)} />
      <FunctionField<NoticeRow>
        label="common.actions"
        sortable={false}
        render={(row) => <NoticeActions row={row} canEdit={canEdit} onRemove={onRemove} />}
      />
    </Datagrid>
  );
}

/** `/consents/manage/form`: the company's notices, their published version and state, 20 a page. */
export function NoticeList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('consents');
  const remove = useConfirmedDelete<NoticeRow>('consent-notices', {
    deleted: 'consent.notices.deleted',
    screenCode: CODES.formDelete,
    invalidate: ['consent-notices', 'getList'],
    keepOpenOnError: true,
  });
  return (
    <>
      <PagedList resource="consent-notices" screenCode={CODES.formList} sort={{ field: 'updated_dt', order: 'DESC' }} syncWithLocation>
        <ListFilters
          searchButton
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/consents/create">
                {translate('consent.notices.add')}
              </Button>
            ) : null
          }
        >
          <TextInput
            source="search"
            label="common.search"
            placeholder={translate('common.search_placeholder')}
            helperText={false}
            resettable={false}
          />
        </ListFilters>
        <NoticeGrid canEdit={canEdit} onRemove={remove.ask} />
      </PagedList>
      {remove.dialog}
    </>
  );
}
