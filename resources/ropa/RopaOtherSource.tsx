import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { bangkokDay } from '../../contract/clock';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';

/**
 * s.25: whether the activity receives its data from someone other than the data subject, and the day it
 * did. Ticking it takes today; saving opens the task to inform the subjects within 30 days.
 */
export function RopaOtherSource({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'record.otherSourceOn' });
  const on = Boolean(field.value);
  return (
    <Box data-testid="ropa-other-source">
      <FormControlLabel
        disabled={disabled}
        label={translate('ropa.inform.other_source')}
        control={<Checkbox checked={on} onChange={(e) => field.onChange(e.target.checked ? bangkokDay() : null)} />}
      />
      <FormHelperText sx={{ mt: 0, mb: on ? 1 : 0 }}>{translate('ropa.inform.other_source_help')}</FormHelperText>
      {on ? (
        <Box data-field="record.otherSourceOn">
          <ThaiDateSourceInput source="record.otherSourceOn" label={translate('ropa.inform.other_source_on')} yearsAhead={0} yearsBack={5} />
        </Box>
      ) : null}
    </Box>
  );
}
