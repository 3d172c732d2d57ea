import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RopaDetail } from '../../contract/ropa';
import { TransferLines } from '../transfers/SystemTransfers';

/**
 * Step 2's transfers abroad (s.28-29): read from the transfers register, the entries of the activity's
 * systems and processors as last saved, each with its basis and state; a new one is added in the
 * register. The free text of before follows it (`TransfersEditor`).
 */
export function RopaTransfers({ detail, canEdit }: { detail: RopaDetail | undefined; canEdit: boolean }) {
  const translate = useTranslate();
  const transfers = detail?.registerTransfers ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ropa-transfers">
      <Stack spacing={1}>
        <Typography variant="subtitle2">{translate('ropa.transfers.title')}</Typography>
        {transfers.length ? (
          <TransferLines transfers={transfers} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(detail ? 'ropa.transfers.none' : 'ropa.transfers.unsaved')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" component={Link} to="/data-manage/transfers">
            {translate('transfers.system_panel.open')}
          </Button>
          {canEdit ? (
            <Button size="small" component={Link} to="/data-manage/transfers/add">
              {translate('ropa.transfers.add')}
            </Button>
          ) : null}
        </Box>
      </Stack>
    </Paper>
  );
}
