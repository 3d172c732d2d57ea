import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FrameworkScore, FrameworkState } from '../../contract/framework';

const COLORS: Record<FrameworkState, 'success' | 'warning' | 'error' | 'default'> = {
  met: 'success',
  partly: 'warning',
  not_met: 'error',
  not_applicable: 'default',
};

/** A requirement's state as a coloured chip (met, partly, not met, nothing to measure). */
export function StateChip({ state }: { state: FrameworkState }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[state]} label={translate(`framework.states.${state}`)} data-testid={`framework-state-${state}`} />;
}

/** A requirement's law in the reader's language: `s.24 / s.26` reads "มาตรา 24, มาตรา 26", `PDPC 2565` names the notification. */
export function useLawText() {
  const translate = useTranslate();
  return (law: string) =>
    law
      .split(' / ')
      .map((part) =>
        part.startsWith('s.')
          ? translate('framework.law_section', { n: part.slice(2) })
          : part === 'PDPC 2565'
            ? translate('framework.law_pdpc')
            : part,
      )
      .join(', ');
}

/** A score as shown: `83.3%`, or a dash when there is nothing to measure. */
export const scoreText = (score: number | null) => (score === null ? '–' : `${score}%`);

/** The figures behind a requirement: part of whole in words, or the evidence's day (and whether it is stale). */
export function FiguresText({ row, formatDay }: { row: FrameworkScore; formatDay: (day: string) => string }) {
  const translate = useTranslate();
  if (row.source === 'evidence') {
    if (!row.evidencedOn) return <>{translate('framework.evidence_none')}</>;
    return (
      <>
        {formatDay(row.evidencedOn)}
        {row.stale ? ` · ${translate('framework.evidence_stale')}` : ''}
      </>
    );
  }
  if (row.whole === null || row.part === null) return <>{translate('framework.no_data')}</>;
  return <>{translate(`framework.figure.${row.id}`, { part: row.part.toLocaleString(), whole: row.whole.toLocaleString() })}</>;
}
