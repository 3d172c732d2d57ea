import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TRANSFER_MECHANISMS } from '../../contract/consent';

/**
 * Transfers abroad (s.28/s.29) of a react-admin form, at `source`: each a country, a recipient and its
 * mechanism (the consent builder's list); a problem shows on its own field.
 */
export function TransfersEditor({ source, disabled }: { source: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: source });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate('ropa.fields.transfers')}</Typography>
      {fields.map((transfer, i) => (
        <Box key={transfer.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput source={`${source}.${i}.country`} size="small" label={translate('ropa.fields.country')} disabled={disabled} />
          <TextInput source={`${source}.${i}.recipient`} size="small" label={translate('ropa.fields.recipient')} disabled={disabled} />
          <SelectInput
            source={`${source}.${i}.mechanism`}
            size="small"
            sx={{ minWidth: 260 }}
            label={translate('ropa.fields.mechanism')}
            choices={TRANSFER_MECHANISMS.map((m) => ({ id: m, name: translate(`consent.builder.mechanisms.${m}`) }))}
            emptyText={translate('ropa.fields.no_mechanism')}
            format={(mechanism: string | null) => mechanism ?? ''}
            parse={(value: string) => value || null}
            disabled={disabled}
          />
          {disabled ? null : (
            <IconButton aria-label={translate('common.delete')} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {disabled ? null : (
        <Box>
          <Button size="small" onClick={() => append({ country: '', recipient: '', mechanism: null })}>
            {translate('ropa.fields.add_transfer')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
