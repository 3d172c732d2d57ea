import { Chip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BreachClock, BreachRiskLevel, BreachStatus } from '../../contract/breach';
import { formatDate } from '../../i18n/dates';

/** The 72-hour clock: hours left (amber in the last 24), overdue (red), or how it ended. The deadline is the tooltip. */
export function ClockChip({ clock }: { clock: BreachClock }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('breach.clock.deadline', { at: formatDate(clock.deadlineAt, locale, true) });
  const props = {
    running: { color: clock.hoursLeft <= 24 ? 'warning' : 'info', variant: 'filled' },
    overdue: { color: 'error', variant: 'filled' },
    met: { color: 'success', variant: 'outlined' },
    late: { color: 'warning', variant: 'outlined' },
    not_required: { color: 'default', variant: 'outlined' },
    stopped: { color: 'default', variant: 'outlined' },
  } as const;
  const label =
    clock.state === 'running'
      ? translate('breach.clock.running', { hours: clock.hoursLeft })
      : clock.state === 'overdue'
        ? translate('breach.clock.overdue', { hours: Math.abs(clock.hoursLeft) })
        : translate(`breach.clock.${clock.state}`);
  return <Chip size="small" title={title} data-testid="breach-clock" {...props[clock.state]} label={label} />;
}

const STATUS_COLOURS = { discovered: 'error', assessing: 'warning', notified: 'info', contained: 'primary', closed: 'default' } as const;
export function StatusChip({ status }: { status: BreachStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`breach.status.${status}`)} />;
}

const RISK_COLOURS = { none: 'success', risk: 'warning', high: 'error' } as const;
export function RiskChip({ level }: { level: BreachRiskLevel | null }) {
  const translate = useTranslate();
  if (!level) return <Chip size="small" variant="outlined" label={translate('breach.risk.unassessed')} />;
  return <Chip size="small" variant="outlined" color={RISK_COLOURS[level]} label={translate(`breach.risk.${level}`)} />;
}
