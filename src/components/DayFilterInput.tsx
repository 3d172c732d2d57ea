import { useInput, useTranslate } from 'react-admin';
import { ThaiDateInput } from './ThaiDateInput';

/** A list filter's day (`from`, `to`): picked in the Buddhist era, sent as `YYYY-MM-DD`, cleared to none. */
export function DayFilterInput({ source, label, yearsBack = 3 }: { source: string; label: string; yearsBack?: number }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <ThaiDateInput
      label={translate(label)}
      value={field.value}
      onChange={(day) => field.onChange(day ?? '')}
      yearsAhead={0}
      yearsBack={yearsBack}
      clearable
    />
  );
}
