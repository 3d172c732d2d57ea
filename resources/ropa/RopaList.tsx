import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Pagination,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDelete, useGetList, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { ROPA_ROLES, ROPA_STATES, type RopaRow } from '../../contract/ropa';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ListState } from '../../src/components/ListState';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { ROPA_CODES, STATE_COLOURS, useRopaChoices } from './ropaUi';

type Row = RopaRow & RaRecord;
interface Filters {
  search?: string;
  state?: string;
  role?: string;
  departmentId?: string;
  incomplete?: boolean;
  overdue?: boolean;
}

/**
 * The filters a link carries: the dashboards' figures link here with theirs (`?state=approved`,
 * `?overdue=true`, `?incomplete=true`, `?departmentId=…`).
 */
function filtersOf(params: URLSearchParams): Filters {
  const text = (key: 'state' | 'role' | 'departmentId') => params.get(key) || undefined;
  const flag = (key: 'incomplete' | 'overdue') => (params.get(key) === 'true' ? true : undefined);
  const f: Filters = {
    state: text('state'),
    role: text('role'),
    departmentId: text('departmentId'),
    incomplete: flag('incomplete'),
    overdue: flag('overdue'),
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
}

/** `/ropa/activity/list`: every activity with its state, completeness and review date; filters; 20 a page. */
export function RopaList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('ropa');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => filtersOf(searchParams));
  const [removing, setRemoving] = useState<Row>();
  const choices = useRopaChoices();
  const list = useGetList<Row>(
    'ropa-activities',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'updated_dt', order: 'DESC' }, filter: filters },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, ROPA_CODES.list) },
  );
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const filter = (next: Partial<Filters>) => (setPage(1), setFilters((f) => ({ ...f, ...next })));
  const [deleteActivity] = useDelete<Row>();
  const remove = () =>
    removing &&
    deleteActivity(
      'ropa-activities',
      { id: removing.id, previousData: removing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('ropa.list.deleted', { type: 'success' });
          setRemoving(undefined);
          void queryClient.invalidateQueries({ queryKey: ['ropa-activities'] });
        },
        onError: (err) => (setRemoving(undefined), notifyError(err, ROPA_CODES.remove)),
      },
    );
  const select = (key: 'state' | 'role' | 'departmentId', label: string, options: { id: string; name: string }[]) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 170 }}
      label={label}
      value={filters[key] ?? ''}
      onChange={(e) => filter({ [key]: e.target.value || undefined })}
    >
      <MenuItem value="">{translate('ropa.list.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => (e.preventDefault(), filter({ search: typed.trim() || undefined }))}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField size="small" label={translate('common.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="outlined">
          {translate('common.search')}
        </Button>
        {select(
          'state',
          translate('ropa.fields.state'),
          ROPA_STATES.map((s) => ({ id: s, name: translate(`ropa.states.${s}`) })),
        )}
        {select(
          'role',
          translate('ropa.fields.role'),
          ROPA_ROLES.map((s) => ({ id: s, name: translate(`ropa.roles.${s}`) })),
        )}
        {select('departmentId', translate('ropa.fields.department'), choices.data?.departments ?? [])}
        <FormControlLabel
          control={<Switch checked={Boolean(filters.incomplete)} onChange={(e) => filter({ incomplete: e.target.checked || undefined })} />}
          label={translate('ropa.list.only_incomplete')}
        />
        <FormControlLabel
          control={<Switch checked={Boolean(filters.overdue)} onChange={(e) => filter({ overdue: e.target.checked || undefined })} />}
          label={translate('ropa.list.only_overdue')}
        />
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/ropa/activity/create">
            {translate('ropa.list.add')}
          </Button>
        ) : null}
      </Box>
      <ListState list={list} empty={!rows.length} searching={Object.values(filters).some((v) => v !== undefined)}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('ropa.tabs.list')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('common.number')}</TableCell>
                <TableCell>{translate('ropa.fields.name')}</TableCell>
                <TableCell>{translate('ropa.fields.department')}</TableCell>
                <TableCell>{translate('ropa.fields.state')}</TableCell>
                <TableCell>{translate('ropa.fields.review_date')}</TableCell>
                <TableCell>{translate('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={row.id} data-testid="ropa-row">
                  <TableCell>{(page - 1) * DEFAULT_PAGE_SIZE + i + 1}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    {row.name}
                    {row.role === 'processor' ? (
                      <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate('ropa.roles.processor')} />
                    ) : null}
                  </TableCell>
                  <TableCell>{row.department ?? '-'}</TableCell>
                  <TableCell>
                    <Stack spacing={0.5} alignItems="flex-start">
                      <Chip size="small" color={STATE_COLOURS[row.state]} label={translate(`ropa.states.${row.state}`)} />
                      {row.missingCount ? (
                        <Chip size="small" color="error" variant="outlined" label={translate('ropa.list.incomplete', { count: row.missingCount })} />
                      ) : (
                        <Chip size="small" color="success" variant="outlined" label={translate('ropa.list.complete')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.reviewDate, locale)}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title={translate(canEdit ? 'common.edit' : 'ropa.form.title_edit')}>
                        <IconButton size="small" component={Link} to={`/ropa/activity/create/${row.id}`} aria-label={translate('common.edit')}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={translate('ropa.list.preview')}>
                        <IconButton size="small" component={Link} to={`/ropa/preview?id=${row.id}`} aria-label={translate('ropa.list.preview')}>
                          <VisibilityIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {canEdit && row.state === 'draft' && !row.approved_dt ? (
                        <Tooltip title={translate('common.delete')}>
                          <IconButton size="small" color="error" onClick={() => setRemoving(row)} aria-label={translate('common.delete')}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </ListState>
      {total > DEFAULT_PAGE_SIZE ? <Pagination count={Math.ceil(total / DEFAULT_PAGE_SIZE)} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      <TypedDeleteDialog open={Boolean(removing)} onClose={() => setRemoving(undefined)} onConfirm={remove} />
    </Stack>
  );
}
