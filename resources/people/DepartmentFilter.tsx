import { MenuItem, TextField } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { REFERENCE_CHOICES } from '../../src/resourceViews/fieldColumns';

/** The positions list's department filter: every department, or one (`filter.departmentId`). */
export function DepartmentFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data = [] } = useGetList('departments', { pagination: { page: 1, perPage: REFERENCE_CHOICES } });
  const choose = (departmentId: string) => {
    const { departmentId: _old, ...rest } = filterValues;
    setFilters(departmentId ? { ...rest, departmentId } : rest, {});
  };
  return (
    <TextField
      select
      size="small"
      label={translate('people.position.department')}
      value={filterValues.departmentId ?? ''}
      onChange={(e) => choose(e.target.value)}
      // '' (every department) is a choice of its own, shown as such
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">{translate('people.position.all_departments')}</MenuItem>
      {data.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
