import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Chip,
  IconButton,
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
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDelete, useGetList, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import { Link } from 'react-router-dom';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { ListState } from '../../../src/components/ListState';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { TypedDeleteDialog } from '../../../src/components/TypedDeleteDialog';
import { formatDate } from '../../../i18n/dates';
import { CODES, publicFormPath, type FormListRow } from './consentApi';

type NoticeRow = FormListRow & RaRecord;

/** `/consents/manage/form`: the company's notices, their published version and state, 20 a page. */
export function NoticeList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('consents');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string>();
  const [removing, setRemoving] = useState<NoticeRow>();
  const list = useGetList<NoticeRow>(
    'consent-notices',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'updated_dt', order: 'DESC' }, filter: { search } },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, CODES.formList) },
  );
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const [deleteNotice] = useDelete<NoticeRow>();
  const remove = () =>
    removing &&
    deleteNotice(
      'consent-notices',
      { id: removing.id, previousData: removing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('consent.notices.deleted', { type: 'success' });
          setRemoving(undefined);
          void queryClient.invalidateQueries({ queryKey: ['consent-notices', 'getList'] });
        },
        onError: (err) => notifyError(err, CODES.formDelete),
      },
    );
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        onSubmit={(e) => (e.preventDefault(), setPage(1), setSearch(typed.trim() || undefined))}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={translate('common.search')}
          placeholder={translate('common.search_placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="outlined">
          {translate('common.search')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/consents/create">
            {translate('consent.notices.add')}
          </Button>
        ) : null}
      </Box>
      <ListState list={list} empty={!rows.length} searching={Boolean(search)}>
        <Table size="small" aria-label={translate('consent.tabs.notices')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('common.number')}</TableCell>
              <TableCell>{translate('consent.notices.project')}</TableCell>
              <TableCell>{translate('consent.notices.status')}</TableCell>
              <TableCell>{translate('consent.notices.published')}</TableCell>
              <TableCell>{translate('consent.notices.updated')}</TableCell>
              <TableCell>{translate('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row._id} data-testid="consent-form-row">
                <TableCell>{(page - 1) * DEFAULT_PAGE_SIZE + i + 1}</TableCell>
                <TableCell>{row.projectName || '-'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Chip
                      size="small"
                      color={row.version ? 'success' : 'default'}
                      label={row.version ? `${translate('consent.notices.live')} v${row.version}` : translate('consent.notices.draft')}
                    />
                    {row.changed ? <Chip size="small" color="warning" label={translate('consent.notices.changed')} /> : null}
                  </Stack>
                </TableCell>
                <TableCell>{formatDate(row.published_dt, locale)}</TableCell>
                <TableCell>{formatDate(row.updated_dt, locale)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title={translate(canEdit ? 'common.edit' : 'consent.builder.title_view')}>
                      <IconButton
                        size="small"
                        component={Link}
                        to={`/consents/create/${row._id}`}
                        aria-label={translate(canEdit ? 'common.edit' : 'consent.builder.title_view')}
                      >
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
                      <Button size="small" color="error" onClick={() => setRemoving(row)}>
                        {translate('common.delete')}
                      </Button>
                    ) : null}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      {total > DEFAULT_PAGE_SIZE ? <Pagination count={Math.ceil(total / DEFAULT_PAGE_SIZE)} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      <TypedDeleteDialog open={Boolean(removing)} onClose={() => setRemoving(undefined)} onConfirm={remove} />
    </Stack>
  );
}
