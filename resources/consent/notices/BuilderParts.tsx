import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useInput, useLocaleState } from 'react-admin';
import { itemNameIn } from '../../../contract/consent';
import type { ItemChoice } from './consentApi';

/** One titled part of the builder. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>{children}</Box>
    </Paper>
  );
}

/** Ticks of consent items (names shown as text, in the reader's language when the register has it); `value` holds the ticked ids. */
export function ItemChecks({
  label,
  items,
  value,
  onChange,
  sensitiveLabel,
}: {
  label: string;
  items: ItemChoice[];
  value: string[];
  onChange: (ids: string[]) => void;
  sensitiveLabel?: string;
}) {
  const [locale] = useLocaleState();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {items.map((item) => (
          <FormControlLabel
            key={item._id}
            label={item.sensitive && sensitiveLabel ? `${itemNameIn(item, locale)} (${sensitiveLabel})` : itemNameIn(item, locale)}
            control={
              <Checkbox
                checked={value.includes(item._id)}
                onChange={(e) => onChange(e.target.checked ? [...value, item._id] : value.filter((id) => id !== item._id))}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/** ItemChecks as a field of the builder's form, at `source` (the ticked ids). */
export function ItemChecksInput({ source, ...props }: { source: string } & Omit<Parameters<typeof ItemChecks>[0], 'value' | 'onChange'>) {
  const { field } = useInput<string[]>({ source });
  return <ItemChecks {...props} value={field.value ?? []} onChange={(ids) => field.onChange(ids)} />;
}
