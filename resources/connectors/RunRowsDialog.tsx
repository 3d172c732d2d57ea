import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConnectorRun } from '../../contract/connectors';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { RUN_CODES } from './RequestConnectors';

const cell = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The rows an access run found in one system, table by table, as the access pack will carry them. */
export function RunRowsDialog({ run, onClose }: { run: ConnectorRun; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const rows = useQuery({ queryKey: ['connector-runs', run.id, 'rows'], queryFn: () => dataProvider.connectorRunRows({ id: run.id }), retry: false });
  useEffect(() => {
    if (rows.error) notifyError(rows.error, RUN_CODES.list);
  }, [rows.error, notifyError]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="connector-rows-title">
      <DialogTitle id="connector-rows-title">{translate('connectors.request.rows_title', { system: run.systemName })}</DialogTitle>
      <DialogContent>
        {rows.isPending ? <LoadingSkeleton shape="list" /> : null}
        {rows.error ? <LoadFailed error={rows.error} screenCode={RUN_CODES.list} onRetry={() => void rows.refetch()} /> : null}
        {rows.data?.tables.map((t) => (
          <div key={t.table}>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t.table}
            </Typography>
            {t.rows.length ? (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {t.columns.map((c) => (
                      <TableCell key={c}>{c}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {t.rows.map((r, i) => (
                    <TableRow key={i}>
                      {t.columns.map((c) => (
                        <TableCell key={c} sx={{ overflowWrap: 'anywhere' }}>
                          {cell(r[c])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography variant="body2">{translate('connectors.request.rows_empty')}</Typography>
            )}
          </div>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('connectors.request.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
