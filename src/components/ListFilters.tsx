import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Checkbox, FormControlLabel } from '@mui/material';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { FilterLiveForm, useInput, useTranslate } from 'react-admin';

/** The form adds no box of its own: its inputs and the actions share one wrapping row. */
function FilterRow(props: FormHTMLAttributes<HTMLFormElement>) {
  return <Box component="form" role="search" {...props} sx={{ display: 'contents' }} />;
}

/**
 * A list's filters, react-admin inputs applied as they change (the list's filter, so the address when
 * the list is synced with it), and the list's own actions on the right. `searchButton`: the seed's
 * search button, applying a typed search at once (Enter does too).
 */
export function ListFilters({ children, actions, searchButton = false }: { children: ReactNode; actions?: ReactNode; searchButton?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <FilterLiveForm formComponent={FilterRow}>
        {children}
        {searchButton ? (
          <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
            {translate('common.search')}
          </Button>
        ) : null}
      </FilterLiveForm>
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
}

/**
 * A yes-only filter as a checkbox: ticked filters, unticked does not. No default value of its own,
 * so opening the list never overwrites the filter a link brought.
 */
export function CheckboxFilter({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked || '')} name={source} />}
      label={translate(label)}
    />
  );
}
