import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Checkbox, FormControlLabel, TextField, type SxProps, type Theme } from '@mui/material';
import { useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { FilterLiveForm, useInput, useListContext, useTranslate } from 'react-admin';

/** The form adds no box of its own: its inputs and the row's other parts share one wrapping row. */
function FilterRow(props: FormHTMLAttributes<HTMLFormElement>) {
  return <Box component="form" noValidate {...props} sx={{ display: 'contents' }} />;
}

/**
 * The seed's search box and button (the list's `search` filter): a search runs only on non-blank
 * trimmed text, when the button is pressed or Enter; clearing the box shows the whole list again.
 */
function SeedSearch({ label }: { label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.search ?? '');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed) setFilters({ ...filterValues, search: trimmed }, {});
  };
  const change = (value: string) => {
    setText(value);
    if (!value.trim() && filterValues.search) {
      const { search: _search, ...rest } = filterValues;
      setFilters(rest, {});
    }
  };
  return (
    <FilterRow onSubmit={search}>
      <TextField
        size="small"
        name="search"
        value={text}
        onChange={(e) => change(e.target.value)}
        placeholder={translate(label)}
        slotProps={{ htmlInput: { 'aria-label': translate('common.search') } }}
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        {translate('common.search')}
      </Button>
    </FilterRow>
  );
}

/**
 * A list's filter row, the one way to filter a list: `search`, the seed's search box (its placeholder
 * text, or `true` for the common one); `children`, react-admin inputs applied as they change (after
 * `debounce` ms), kept in the list's filter (so in the address when the list is synced with it);
 * `searchButton`, a button applying a typed filter at once (Enter does too); `actions` (add, export) at
 * the far end.
 */
export function ListFilters({
  children,
  actions,
  search,
  searchButton = false,
  debounce,
  sx,
}: {
  children?: ReactNode;
  actions?: ReactNode;
  search?: string | true;
  searchButton?: boolean;
  debounce?: number;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  return (
    // inside the list's card: clear of its edges, each filter clear of the next (the row wraps on a phone)
    <Box
      role="search"
      sx={[
        { display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1.5, alignItems: 'center', px: 2, pt: 2, mb: 2 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {search ? <SeedSearch label={search === true ? 'common.search_placeholder' : search} /> : null}
      {children ? (
        <FilterLiveForm formComponent={FilterRow} debounce={debounce}>
          {children}
          {searchButton ? (
            <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
              {translate('common.search')}
            </Button>
          ) : null}
        </FilterLiveForm>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
}

/** The props of a filter input that sits beside the seed's search box: outlined and small as it is, no helper line. */
export const FILTER_INPUT = { variant: 'outlined', size: 'small', helperText: false } as const;

/**
 * A yes-only filter as a checkbox: ticked filters, unticked does not (unticked is not "only the others").
 * No default value of its own, so opening the list never overwrites the filter a link brought.
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
