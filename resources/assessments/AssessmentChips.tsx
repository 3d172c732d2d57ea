import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AssessmentRow, AssessmentState, DpiaTrigger } from '../../contract/assessments';
import { RiskCodeChip } from '../risk/RiskCodeChip';

/** Draft or signed. */
export function StateChip({ state }: { state: AssessmentState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={state === 'signed' ? 'success' : 'default'}
      variant={state === 'signed' ? 'filled' : 'outlined'}
      label={translate(`assessments.states.${state}`)}
      data-testid="assessment-state"
    />
  );
}

/** What an assessment found: a DPIA's worst risk before → after the measures; an LIA's result. */
export function OutcomeCell({ row }: { row: Pick<AssessmentRow, 'kind' | 'riskCode' | 'residualCode' | 'liaResult'> }) {
  const translate = useTranslate();
  if (row.kind === 'lia') {
    if (!row.liaResult) return <>-</>;
    return (
      <Chip
        size="small"
        color={row.liaResult === 'legitimate' ? 'success' : 'error'}
        label={translate(`assessments.lia_results_short.${row.liaResult}`)}
        title={translate(`assessments.lia_results.${row.liaResult}`)}
      />
    );
  }
  if (!row.riskCode) return <>-</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <RiskCodeChip code={row.riskCode} />
      <span aria-hidden>→</span>
      <RiskCodeChip code={row.residualCode} />
    </Box>
  );
}

/** The DPIA triggers an activity meets. */
export function TriggerChips({ triggers }: { triggers: readonly DpiaTrigger[] }) {
  const translate = useTranslate();
  if (!triggers.length) return <>-</>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {triggers.map((t) => (
        <Chip key={t} size="small" color="warning" variant="outlined" label={translate(`assessments.triggers.${t}`)} />
      ))}
    </Box>
  );
}
