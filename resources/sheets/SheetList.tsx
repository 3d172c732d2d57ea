import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, MenuItem, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { SHEET_STATES, type SheetRecord, type SheetState } from '../../contract/sheets';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { CODES, STATE_COLOURS } from './sheetsApi';

/** `/sheets/list`: the company's documents, their state and version, 20 a page, by search and state. */
export function SheetList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('sheets');
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string>();
  // the dashboard's "documents in review" links here with `?state=review`
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<SheetState | ''>(() =>
    (SHEET_STATES as readonly string[]).includes(searchParams.get('state') ?? '') ? (searchParams.get('state') as SheetState) : '',
  );
  const list = useGetList<SheetRecord>(
    'sheets',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'updated_dt', order: 'DESC' }, filter: { search, state: state || undefined } },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, CODES.list) },
  );
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        onSubmit={(e) => (e.preventDefault(), setPage(1), setSearch(typed.trim() || undefined))}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField size="small" label={translate('sheets.list.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="outlined">
          {translate('common.search')}
        </Button>
        <TextField
          select
          size="small"
          sx={{ minWidth: 160 }}
          label={translate('sheets.list.state')}
          value={state}
          onChange={(e) => (setPage(1), setState(e.target.value as SheetState | ''))}
        >
          <MenuItem value="">{translate('sheets.list.all_states')}</MenuItem>
          {SHEET_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`sheets.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/sheets/create/list">
            {translate('sheets.list.new')}
          </Button>
        ) : null}
      </Box>
      {list.isPending ? <ScreenLoader /> : null}
      {list.error ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending || list.error ? null : !rows.length ? (
        search || state ? (
          <EmptyList searching />
        ) : (
          <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('sheets.list.empty')}</Box>
        )
      ) : (
        <Table size="small" aria-label={translate('sheets.tabs.documents')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('common.number')}</TableCell>
              <TableCell>{translate('sheets.list.doc_title')}</TableCell>
              <TableCell>{translate('sheets.list.kind')}</TableCell>
              <TableCell>{translate('sheets.list.state')}</TableCell>
              <TableCell>{translate('sheets.list.version')}</TableCell>
              <TableCell>{translate('sheets.list.updated')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row.id} data-testid="sheet-row" hover>
                <TableCell>{(page - 1) * DEFAULT_PAGE_SIZE + i + 1}</TableCell>
                <TableCell>
                  <Link to={`/sheets/edit?id=${row.id}`}>{row.title}</Link>
                  {row.noticeName ? <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{row.noticeName}</Box> : null}
                </TableCell>
                <TableCell>{translate(`sheets.kinds.${row.kind}`)}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOURS[row.state]} label={translate(`sheets.states.${row.state}`)} />
                </TableCell>
                <TableCell>
                  {row.version}
                  {row.publishedVersion && row.publishedVersion !== row.version
                    ? ` (${translate('sheets.edit.published_version', { version: row.publishedVersion })})`
                    : ''}
                </TableCell>
                <TableCell>{formatDate(row.updated_dt, locale, true)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > DEFAULT_PAGE_SIZE ? <Pagination count={Math.ceil(total / DEFAULT_PAGE_SIZE)} page={page} onChange={(_e, p) => setPage(p)} /> : null}
    </Stack>
  );
}
