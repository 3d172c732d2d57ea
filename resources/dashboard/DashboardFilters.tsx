import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { PERIOD_PRESETS, dayLabel, type PeriodPreset } from './period';

export interface FilterState {
  preset: PeriodPreset;
  from: string;
  to: string;
  departmentId: string;
}

/** The period picker (presets or two Buddhist-era days) and the department filter. */
export function DashboardFilters({
  value,
  onChange,
  departments,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  departments: { id: string; name: string }[] | undefined;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
      <TextField
        select
        size="small"
        label={translate('dashboard.period.label')}
        value={value.preset}
        onChange={(e) => onChange({ ...value, preset: e.target.value as PeriodPreset })}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'period-preset' } }}
      >
        {PERIOD_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`dashboard.period.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.preset === 'custom' ? (
        <>
          <ThaiDateInput
            label={translate('dashboard.period.from')}
            value={value.from}
            onChange={(from) => from && onChange({ ...value, from })}
            yearsAhead={0}
            yearsBack={3}
          />
          <ThaiDateInput
            label={translate('dashboard.period.to')}
            value={value.to}
            onChange={(to) => to && onChange({ ...value, to })}
            yearsAhead={0}
            yearsBack={3}
          />
        </>
      ) : null}
      {departments ? (
        <TextField
          select
          size="small"
          label={translate('dashboard.department.label')}
          value={value.departmentId}
          onChange={(e) => onChange({ ...value, departmentId: e.target.value })}
          sx={{ minWidth: 200 }}
          helperText={translate('dashboard.department.note')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('dashboard.department.all')}</MenuItem>
          {departments.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="period-text">
        {translate('dashboard.period.showing', { from: dayLabel(value.from, locale), to: dayLabel(value.to, locale) })}
      </Typography>
    </Box>
  );
}
