import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormState } from 'react-hook-form';

/** A `choice` question's choices: a key, the Thai and English labels, its score 0-100. */
export function ChoicesEditor({ source, readOnly }: { source: string; readOnly: boolean }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: `${source}.choices` });
  const { errors } = useFormState({ name: `${source}.choices` });
  const path = `${source}.choices`.split('.');
  const own = path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors) as
    { message?: string; root?: { message?: string } } | undefined;
  const message = own?.message ?? own?.root?.message;
  return (
    <Box sx={{ pl: 2, borderLeft: 2, borderColor: 'divider', mt: 1 }} data-field={`${source}.choices`}>
      <Typography variant="caption" color="text.secondary">
        {translate('assessments.templates.choices')}
      </Typography>
      {fields.map((field, k) => (
        <Box key={field.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '140px 1fr 1fr 110px auto' }, alignItems: 'start' }}>
          <TextInput source={`${source}.choices.${k}.value`} label="assessments.templates.key" helperText={false} />
          <TextInput source={`${source}.choices.${k}.labelTh`} label="assessments.templates.label_th" helperText={false} />
          <TextInput source={`${source}.choices.${k}.labelEn`} label="assessments.templates.label_en" helperText={false} />
          <NumberInput source={`${source}.choices.${k}.score`} label="assessments.templates.score" min={0} max={100} helperText={false} />
          {readOnly ? (
            <span />
          ) : (
            <Tooltip title={translate('assessments.templates.remove_choice')}>
              <IconButton aria-label={translate('assessments.templates.remove_choice')} onClick={() => remove(k)} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      {message ? (
        <Typography variant="caption" color="error" component="p">
          {translate(message, { _: message })}
        </Typography>
      ) : null}
      {readOnly ? null : (
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ value: `c${fields.length + 1}`, labelTh: '', labelEn: '', score: 0 })}>
          {translate('assessments.templates.add_choice')}
        </Button>
      )}
    </Box>
  );
}
