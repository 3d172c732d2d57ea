import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { TransferRecord } from '../../contract/transfers';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { TransferStateChip } from './TransferList';
import { TRANSFER_CODES, countryLabel } from './transferUi';

/** Transfers of the register, a line each: the country and the importer, the basis, the state; `onRemove` adds a button to take one out. */
export function TransferLines({ transfers, onRemove }: { transfers: readonly TransferRecord[]; onRemove?: (t: TransferRecord) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <MuiList dense disablePadding>
      {transfers.map((t) => (
        // the state beside the text where there is room, under it where there is not (never over it)
        <ListItem key={t.id} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1 }}>
          <ListItemText
            sx={{ flex: '1 1 220px', my: 0.5 }}
            primary={`${countryLabel(t.country, locale)} · ${t.importer}`}
            secondary={`${t.basis ? translate(`transfers.bases.${t.basis}`) : translate('transfers.fields.no_basis')}${
              t.system || t.processor ? ` · ${[t.system, t.processor].filter(Boolean).join(', ')}` : ''
            }`}
          />
          <Box sx={{ flexShrink: 0, my: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <TransferStateChip state={t.state} />
            {onRemove ? (
              <IconButton
                size="small"
                aria-label={translate('transfers.remove_line', { name: `${countryLabel(t.country, locale)} · ${t.importer}` })}
                onClick={() => onRemove(t)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
        </ListItem>
      ))}
    </MuiList>
  );
}

/** A system's transfers abroad as the register holds them (the data map's form reads them, never edits them). */
export function SystemTransfers({ systemId }: { systemId: string }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { data, error, isPending, refetch } = useGetList<TransferRecord & { id: string }>('transfers', {
    filter: { systemId },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'country', order: 'ASC' },
  });
  useEffect(() => {
    if (error) notifyError(error, TRANSFER_CODES.list);
  }, [error, notifyError]);
  return (
    <Stack spacing={1} data-testid="system-transfers">
      <Typography variant="subtitle2">{translate('transfers.system_panel.title')}</Typography>
      {isPending ? (
        <LoadingSkeleton shape="list" />
      ) : error ? (
        <LoadFailed error={error} screenCode={TRANSFER_CODES.list} onRetry={() => void refetch()} />
      ) : data?.length ? (
        <TransferLines transfers={data} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('transfers.system_panel.none')}
        </Typography>
      )}
      <Box>
        <Button size="small" component={Link} to={`/data-manage/transfers?filter=${encodeURIComponent(JSON.stringify({ systemId }))}`}>
          {translate('transfers.system_panel.open')}
        </Button>
      </Box>
    </Stack>
  );
}
