import { Box } from '@mui/material';
import { NumberInput, SelectInput, TextInput, useGetList, useInput, useTranslate } from 'react-admin';
import type { FieldDefinition } from '../../resources/types';
import { CheckboxInput } from '../components/CheckboxInput';
import { ThaiDateInput } from '../components/ThaiDateInput';
import { REFERENCE_CHOICES } from './fieldColumns';

function ReferenceSelect({ source, field }: { source: string; field: FieldDefinition }) {
  const reference = field.reference!;
  const { data = [], isPending } = useGetList(reference.resource, { pagination: { page: 1, perPage: REFERENCE_CHOICES }, filter: reference.filter });
  return <SelectInput source={source} label={field.label} choices={data} optionText={reference.optionText} isPending={isPending} fullWidth />;
}

function DateInput({ source, field }: { source: string; field: FieldDefinition }) {
  const translate = useTranslate();
  const { field: input, fieldState } = useInput({ source });
  const message = fieldState.error?.message;
  return (
    <ThaiDateInput
      label={translate(field.label)}
      value={input.value}
      onChange={input.onChange}
      error={Boolean(message)}
      helperText={message ? translate(message) : ' '}
    />
  );
}

/** The form input for one field, chosen by its kind. */
export function FieldInput({ source, field, autoFocus }: { source: string; field: FieldDefinition; autoFocus?: boolean }) {
  switch (field.kind) {
    case 'boolean':
      return <CheckboxInput source={source} label={field.label} />;
    case 'number':
      return <NumberInput source={source} label={field.label} fullWidth autoFocus={autoFocus} />;
    case 'select':
      return <SelectInput source={source} label={field.label} choices={[...(field.choices ?? [])]} fullWidth />;
    case 'reference':
      return <ReferenceSelect source={source} field={field} />;
    case 'date':
      return <DateInput source={source} field={field} />;
    default:
      return (
        <TextInput
          source={source}
          label={field.label}
          type={field.kind === 'email' ? 'email' : 'text'}
          multiline={field.kind === 'longText'}
          fullWidth
          autoFocus={autoFocus}
        />
      );
  }
}

/** The form's rows: a field alone fills its row; fields in an array share one. */
export function FormRows({ rows, fields }: { rows: readonly (string | readonly string[])[]; fields: Record<string, FieldDefinition> }) {
  return (
    <>
      {rows.map((row, index) => {
        const names = typeof row === 'string' ? [row] : row;
        return (
          <Box key={names.join(',')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 200px' } }}>
            {names.map((name) => (
              <FieldInput key={name} source={name} field={fields[name]} autoFocus={index === 0 && name === names[0]} />
            ))}
          </Box>
        );
      })}
    </>
  );
}
