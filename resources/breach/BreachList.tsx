import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
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
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { BREACH_STATUSES, type BreachRow, type BreachStatus } from '../../contract/breach';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TableBodyState } from '../../src/components/TableBodyState';
import { ClockChip, RiskChip, StatusChip } from './BreachChips';
import { SCREEN } from './screens';

const COLUMNS = ['code', 'title', 'awareAt', 'status', 'risk', 'clock'] as const;

/** `/databreach`: every breach, latest awareness first, with its state, risk and the 72-hour clock. */
export function BreachList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('dataBreach');
  const [page, setPage] = useState(1);
  // the dashboard's figures link here with their filter (`?open=true`, `?status=assessing`)
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<BreachStatus | ''>(() =>
    (BREACH_STATUSES as readonly string[]).includes(searchParams.get('status') ?? '') ? (searchParams.get('status') as BreachStatus) : '',
  );
  const [open, setOpen] = useState(() => searchParams.get('open') === 'true');
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const list = useGetList<BreachRow>(
    'breaches',
    {
      pagination: { page, perPage: DEFAULT_PAGE_SIZE },
      sort: { field: 'awareAt', order: 'DESC' },
      filter: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(open ? { open } : {}) },
    },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, SCREEN.list) },
  );
  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / DEFAULT_PAGE_SIZE));
  const search = () => (setQ(searchText.trim()), setPage(1));

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={translate('breach.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          onBlur={search}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label={translate('breach.columns.status')}
          value={status}
          onChange={(e) => (setStatus(e.target.value as BreachStatus | ''), setPage(1))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('breach.all_statuses')}</MenuItem>
          {BREACH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`breach.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={open} onChange={(e) => (setOpen(e.target.checked), setPage(1))} />}
          label={translate('breach.only_open')}
        />
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/databreach/create">
            {translate('breach.add')}
          </Button>
        ) : null}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" sx={{ '& th, & td': { px: 1.5 } }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {translate(`breach.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover data-testid="breach-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.code}</TableCell>
                <TableCell sx={{ maxWidth: 380 }}>
                  <Link component={RouterLink} to={`/databreach/create/${r.id}`} sx={{ overflowWrap: 'anywhere' }}>
                    {r.title}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.awareAt, locale, true)}</TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell>
                  <RiskChip level={r.riskLevel} />
                </TableCell>
                <TableCell>
                  <ClockChip clock={r.clock} />
                </TableCell>
              </TableRow>
            ))}
            <TableBodyState
              columns={COLUMNS.length}
              isPending={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
              isEmpty={rows.length === 0}
              empty={<Typography>{translate(q || status || open ? 'breach.empty_filtered' : 'breach.empty')}</Typography>}
            />
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
    </Box>
  );
}
