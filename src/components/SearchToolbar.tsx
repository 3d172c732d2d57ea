import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/**
 * The seed's list toolbar: a search box and a search button, and the list's own actions. A search
 * runs only on non-blank trimmed text; clearing the box reloads the full list. `filters` (the list's
 * other filter inputs) follow the search button; `actions` (add, export) stand at the far end.
 */
export function SearchToolbar({
  actions,
  filters,
  label = 'common.search_placeholder',
}: {
  actions?: ReactNode;
  filters?: ReactNode;
  label?: string;
}) {
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
    <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 1 }}>
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
      {filters}
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
}
