import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { DSR_STATUS, DSR_STATUS_KEYS, type DsrRequestRow } from '../../contract/dsr';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TableBodyState } from '../../src/components/TableBodyState';
import { DsrRequestDrawer } from './DsrRequestDrawer';
import { DSR_LIST_COLUMNS, DsrRequestTableRow } from './DsrRequestTableRow';
import { SCREEN } from './dsrApi';

/** `/consents/datasubject/list`: the requests, newest first, with their state and 30-day clock. */
export function DsrRequestList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  // the dashboard's figures link here with their filter (`?statusId=3`, `?overdue=true`, `?search=<reference>`)
  const [searchParams] = useSearchParams();
  const [statusId, setStatusId] = useState<number | ''>(() => Number(searchParams.get('statusId')) || '');
  const [overdue, setOverdue] = useState(() => searchParams.get('overdue') === 'true');
  const [searchText, setSearchText] = useState(() => searchParams.get('search') ?? '');
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const [openId, setOpenId] = useState<string | null>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  const list = useGetList<DsrRequestRow & RaRecord>(
    'dsr-requests',
    {
      pagination: { page, perPage: DEFAULT_PAGE_SIZE },
      sort: { field: 'receivedAt', order: 'DESC' },
      filter: { statusId: statusId || undefined, overdue, search },
    },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, SCREEN.list) },
  );
  const exporter = useMutation({ mutationFn: dataProvider.exportDsrRequests, onError: (err) => notifyError(err, SCREEN.export) });
  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / DEFAULT_PAGE_SIZE));

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={translate('dsr.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(searchText.trim());
              setPage(1);
            }
          }}
          onBlur={() => {
            setSearch(searchText.trim());
            setPage(1);
          }}
          // as wide as its label in either language
          sx={{ minWidth: { xs: '100%', sm: 300 } }}
        />
        <TextField
          select
          size="small"
          label={translate('dsr.list.filter_status')}
          value={statusId}
          onChange={(e) => {
            setStatusId(e.target.value === '' ? '' : Number(e.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('dsr.list.all_states')}</MenuItem>
          {DSR_STATUS_KEYS.map((key) => (
            <MenuItem key={key} value={DSR_STATUS[key]}>
              {translate(`dsr.status.${key}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={overdue} onChange={(e) => (setOverdue(e.target.checked), setPage(1))} />}
          label={translate('dsr.list.overdue_only')}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={exporter.isPending}
          onClick={() => {
            // what the list shows: a search typed but not yet applied is applied to both
            const applied = searchText.trim();
            if (applied !== search) {
              setSearch(applied);
              setPage(1);
            }
            exporter.mutate({ statusId: statusId || undefined, overdue, search: applied });
          }}
        >
          {translate('dsr.list.export')}
        </Button>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" sx={{ '& th, & td': { px: 1.5 } }}>
          <TableHead>
            <TableRow>
              {DSR_LIST_COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {translate(`dsr.list.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <DsrRequestTableRow key={r._id} row={r} onOpen={setOpenId} />
            ))}
            <TableBodyState
              columns={DSR_LIST_COLUMNS.length}
              isPending={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
              isEmpty={rows.length === 0}
              empty={
                search || statusId || overdue ? (
                  <Typography>{translate('common.no_results')}</Typography>
                ) : (
                  <>
                    <Typography>{translate('dsr.list.empty')}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('dsr.list.empty_hint')}
                    </Typography>
                  </>
                )
              }
            />
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
      {openId ? <DsrRequestDrawer requestId={openId} onClose={() => setOpenId(null)} /> : null}
    </Box>
  );
}
