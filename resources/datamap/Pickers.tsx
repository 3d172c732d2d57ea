import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput } from 'react-admin';

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
}: {
  label: string;
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  sensitiveMark?: string;
  testId?: string;
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
      renderInput={(params) => <TextField {...params} label={label} data-testid={testId} />}
    />
  );
}

/** MultiPick as a field of a react-admin form. */
export function MultiPickInput({ source, ...rest }: { source: string } & Omit<Parameters<typeof MultiPick>[0], 'value' | 'onChange'>) {
  const { field } = useInput<string[]>({ source });
  return <MultiPick {...rest} value={field.value ?? []} onChange={(ids) => field.onChange(ids)} />;
}
