import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CookieDomain } from '../../contract/cookie';

/** A choice of the company's domains; `all` adds "all domains" (an empty value). */
export function DomainSelect({
  domains,
  value,
  onChange,
  all,
}: {
  domains: CookieDomain[];
  value: string;
  onChange(id: string): void;
  all?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('cookie.log.domain')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: all }, inputLabel: { shrink: true } }}
    >
      {all ? <MenuItem value="">{translate('cookie.log.allDomains')}</MenuItem> : null}
      {domains.map((d) => (
        <MenuItem key={d._id} value={d._id}>
          {d.host}
        </MenuItem>
      ))}
    </TextField>
  );
}
