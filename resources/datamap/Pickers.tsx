import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

export interface Choice {
  id: string;
  name: string;
  sensitive?: boolean;
}

/** Picks several of `choices` by id (a register's records); a sensitive category is marked. */
export function MultiPick({
  label,
  choices,
  value,
  onChange,
  disabled,
  sensitiveMark,
  testId,
  error,
  field,
}: {
  label: string;
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  sensitiveMark?: string;
  testId?: string;
  /** the problem to show under the box (already in the reader's language) */
  error?: string;
  /** the form field it is (`data-field`): a server refusal naming it is put here */
  field?: string;
}) {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const selected = value.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const text = (c: Choice) => (c.sensitive && sensitiveMark ? `${c.name} (${sensitiveMark})` : c.name);
  return (
    <Autocomplete
      multiple
      size="small"
      options={choices as Choice[]}
      value={selected}
      disabled={disabled}
      getOptionLabel={text}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, picked) => onChange(picked.map((c) => c.id))}
      renderValue={(items, getItemProps) =>
        items.map((c, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" color={c.sensitive ? 'warning' : 'default'} label={text(c)} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} data-testid={testId} data-field={field} error={Boolean(error)} helperText={error || undefined} />
      )}
    />
  );
}

/**
 * MultiPick as a field of a react-admin form: its problem (the form's check, or a server refusal naming
 * it) shows under it. `onPick` replaces the plain change where a pick changes other fields too.
 */
export function MultiPickInput({
  source,
  onPick,
  ...rest
}: { source: string; onPick?: (ids: string[]) => void } & Omit<Parameters<typeof MultiPick>[0], 'value' | 'onChange' | 'error' | 'field'>) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<string[]>({ source });
  const message = fieldState.error?.message;
  return (
    <MultiPick
      {...rest}
      field={source}
      error={message ? translate(message, { _: message }) : undefined}
      value={field.value ?? []}
      onChange={(ids) => (onPick ? onPick(ids) : field.onChange(ids))}
    />
  );
}
