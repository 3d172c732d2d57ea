import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useDelete, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SystemRecord } from '../../contract/datamap';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ListState } from '../../src/components/ListState';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';

type SystemRow = SystemRecord & RaRecord;
/** A filter's label always sits on its border, so a long one is never cut under the arrow; the blank choice reads "any". */
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export const SYSTEM_CODES = { list: 'DMY#001', save: 'DMY#002', remove: 'DMY#003', choices: 'DMY#004' } as const;

interface Filters {
  search?: string;
  departmentId?: string;
  categoryId?: string;
  sensitive?: boolean;
  abroad?: boolean;
}
const yesNo = (v: string) => (v === '' ? undefined : v === 'yes');
const ofYesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? 'yes' : 'no');

/** `/data-manage/list`: the company's systems and data sets, searched and filtered, 20 a page. */
export function SystemList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('dataManage');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [removing, setRemoving] = useState<SystemRow>();
  const choices = useQuery({ queryKey: ['datamap-systems', 'choices'], queryFn: () => dataProvider.datamapChoices() });
  const list = useGetList<SystemRow>(
    'datamap-systems',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' }, filter: filters },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, SYSTEM_CODES.list) },
  );
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const filter = (next: Partial<Filters>) => (setPage(1), setFilters((f) => ({ ...f, ...next })));
  const [deleteSystem] = useDelete<SystemRow>();
  const remove = () =>
    removing &&
    deleteSystem(
      'datamap-systems',
      { id: removing.id, previousData: removing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('datamap.systems.deleted', { type: 'success' });
          setRemoving(undefined);
          void queryClient.invalidateQueries({ queryKey: ['datamap-systems'] });
        },
        onError: (err) => (setRemoving(undefined), notifyError(err, SYSTEM_CODES.remove)),
      },
    );
  const t = (key: string) => translate(`datamap.systems.${key}`);
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
        <TextField
          select
          size="small"
          slotProps={SHRUNK}
          sx={{ minWidth: 180 }}
          label={t('department')}
          value={filters.departmentId ?? ''}
          onChange={(e) => filter({ departmentId: e.target.value || undefined })}
        >
          <MenuItem value="">{t('any')}</MenuItem>
          {(choices.data?.departments ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          slotProps={SHRUNK}
          sx={{ minWidth: 180 }}
          label={t('categories')}
          value={filters.categoryId ?? ''}
          onChange={(e) => filter({ categoryId: e.target.value || undefined })}
        >
          <MenuItem value="">{t('any')}</MenuItem>
          {(choices.data?.categories ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        {(['sensitive', 'abroad'] as const).map((key) => (
          <TextField
            key={key}
            select
            size="small"
            slotProps={SHRUNK}
            sx={{ minWidth: 190 }}
            label={t(key)}
            value={ofYesNo(filters[key])}
            onChange={(e) => filter({ [key]: yesNo(e.target.value) })}
          >
            <MenuItem value="">{t('any')}</MenuItem>
            <MenuItem value="yes">{t('yes')}</MenuItem>
            <MenuItem value="no">{t('no')}</MenuItem>
          </TextField>
        ))}
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/data-manage/add">
            {t('add')}
          </Button>
        ) : null}
      </Box>
      <ListState list={list} empty={!rows.length} searching={Object.values(filters).some((v) => v !== undefined)}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('tab')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('common.number')}</TableCell>
                <TableCell>{t('name')}</TableCell>
                <TableCell>{t('department')}</TableCell>
                <TableCell>{t('categories')}</TableCell>
                <TableCell>{t('storage_location')}</TableCell>
                <TableCell>{t('activities')}</TableCell>
                <TableCell>{translate('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={row.id} data-testid="datamap-system-row">
                  <TableCell>{(page - 1) * DEFAULT_PAGE_SIZE + i + 1}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{row.name}</TableCell>
                  <TableCell>{row.department ?? '-'}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {row.categories.map((c) => (
                        <Chip key={c.id} size="small" color={c.sensitive ? 'warning' : 'default'} label={c.name} />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell>
                    {[row.storageLocation, row.storageCountry].filter(Boolean).join(' · ') || '-'}
                    {row.transfers.length ? (
                      <Chip size="small" sx={{ ml: 1 }} color="info" label={row.transfers.map((x) => x.country).join(', ')} />
                    ) : null}
                  </TableCell>
                  <TableCell>{row.activities}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title={translate(canEdit ? 'common.edit' : 'datamap.systems.edit_title')}>
                        <IconButton size="small" component={Link} to={`/data-manage/add/${row.id}`} aria-label={translate('common.edit')}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {canEdit && !row.activities ? (
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
