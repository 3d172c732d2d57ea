import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TRANSFER_MECHANISMS } from '../../contract/consent';

/**
 * The free text of transfers abroad written before the transfers register, at `source` of a react-admin
 * form (a ROPA activity's `record.transfers`, a data map system's `transfers`): shown read-only, and
 * removable while the form may be edited. A new transfer is an entry of the register (the server refuses
 * new free text); nothing shows when there is none.
 */
export function TransfersEditor({ source, disabled }: { source: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { fields, remove } = useFieldArray({ control, name: source });
  if (!fields.length) return null;
  return (
    <Stack spacing={1} data-testid="legacy-transfers">
      <Typography variant="caption" color="text.secondary">
        {translate('transfers.system_panel.legacy')}
      </Typography>
      {fields.map((transfer, i) => (
        <Box key={transfer.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput source={`${source}.${i}.country`} size="small" label={translate('ropa.fields.country')} disabled />
          <TextInput source={`${source}.${i}.recipient`} size="small" label={translate('ropa.fields.recipient')} disabled />
          <SelectInput
            source={`${source}.${i}.mechanism`}
            size="small"
            sx={{ minWidth: 260 }}
            label={translate('ropa.fields.mechanism')}
            choices={TRANSFER_MECHANISMS.map((m) => ({ id: m, name: translate(`consent.builder.mechanisms.${m}`) }))}
            emptyText={translate('ropa.fields.no_mechanism')}
            format={(mechanism: string | null) => mechanism ?? ''}
            parse={(value: string) => value || null}
            disabled
          />
          {disabled ? null : (
            <IconButton aria-label={translate('common.delete')} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Stack>
  );
}
