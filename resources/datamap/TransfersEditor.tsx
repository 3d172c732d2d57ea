import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TRANSFER_MECHANISMS } from '../../contract/consent';
import type { TransferAbroad } from '../../contract/datamap';

/** Transfers abroad (s.28/s.29): each a country, a recipient and its mechanism (the consent builder's list). */
export function TransfersEditor({
  value,
  onChange,
  disabled,
}: {
  value: TransferAbroad[];
  onChange: (v: TransferAbroad[]) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const set = (i: number, patch: Partial<TransferAbroad>) => onChange(value.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate('ropa.fields.transfers')}</Typography>
      {value.map((t, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label={translate('ropa.fields.country')}
            value={t.country}
            disabled={disabled}
            onChange={(e) => set(i, { country: e.target.value })}
          />
          <TextField
            size="small"
            label={translate('ropa.fields.recipient')}
            value={t.recipient}
            disabled={disabled}
            onChange={(e) => set(i, { recipient: e.target.value })}
          />
          <TextField
            select
            size="small"
            sx={{ minWidth: 260 }}
            label={translate('ropa.fields.mechanism')}
            value={t.mechanism ?? ''}
            disabled={disabled}
            onChange={(e) => set(i, { mechanism: (e.target.value || null) as TransferAbroad['mechanism'] })}
          >
            <MenuItem value="">{translate('ropa.fields.no_mechanism')}</MenuItem>
            {TRANSFER_MECHANISMS.map((m) => (
              <MenuItem key={m} value={m}>
                {translate(`consent.builder.mechanisms.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          {disabled ? null : (
            <IconButton aria-label={translate('common.delete')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {disabled ? null : (
        <Box>
          <Button size="small" onClick={() => onChange([...value, { country: '', recipient: '', mechanism: null }])}>
            {translate('ropa.fields.add_transfer')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
