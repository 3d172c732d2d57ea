import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { AutocompleteInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { COUNTRY_CODES } from '../../contract/countries';
import { countryLabel } from '../transfers/transferUi';

/** The processor's sub-processors of a react-admin form: each a name, a country and a purpose. */
export function SubprocessorsEditor({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'subprocessors' });
  const countries = useMemo(
    () => COUNTRY_CODES.map((id) => ({ id, name: countryLabel(id, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  const t = (key: string) => translate(`processors.fields.${key}`);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('subprocessors')}</Typography>
      {fields.map((f, i) => (
        <Box key={f.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput source={`subprocessors.${i}.name`} label={t('sub_name')} size="small" disabled={disabled} helperText={false} />
          <AutocompleteInput
            source={`subprocessors.${i}.country`}
            label={t('sub_country')}
            choices={countries}
            translateChoice={false}
            size="small"
            sx={{ minWidth: 200 }}
            disabled={disabled}
            helperText={false}
          />
          <TextInput source={`subprocessors.${i}.purpose`} label={t('sub_purpose')} size="small" disabled={disabled} helperText={false} />
          {disabled ? null : (
            <IconButton aria-label={translate('common.delete')} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {disabled ? null : (
        <Box>
          <Button size="small" onClick={() => append({ name: '', country: '', purpose: '' })}>
            {t('add_sub')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
