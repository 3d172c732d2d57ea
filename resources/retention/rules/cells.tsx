import { Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { RetentionRule } from '../../../contract/retention';

/** The rule's category, by name. */
export function CategoryCell() {
  const rule = useRecordContext<RetentionRule & { id: string }>();
  return <span>{rule?.category.name}</span>;
}

/** The rule's system, or "every system holding it". */
export function SystemCell() {
  const rule = useRecordContext<RetentionRule & { id: string }>();
  const translate = useTranslate();
  return <span>{rule?.system?.name ?? translate('retention.rules.every_system')}</span>;
}

/** "5 years from the closing of the accounts, then delete". */
export function PeriodCell() {
  const rule = useRecordContext<RetentionRule & { id: string }>();
  const translate = useTranslate();
  if (!rule) return null;
  return (
    <span>
      {translate('retention.period_text', {
        period: rule.period,
        unit: translate(`retention.units.${rule.unit}`),
        event: translate(`retention.events.${rule.startEvent}`),
        action: translate(`retention.actions.${rule.endAction}`),
      })}
    </span>
  );
}

/** The law cited, its text as a fact in the tooltip; else the company's own reason. */
export function LawCell() {
  const rule = useRecordContext<RetentionRule & { id: string }>();
  const translate = useTranslate();
  if (!rule) return null;
  if (!rule.law) return <span>{rule.legalReason}</span>;
  return (
    <Tooltip title={translate(`retention.laws.${rule.law}.fact`)}>
      <span>{translate(`retention.laws.${rule.law}.name`)}</span>
    </Tooltip>
  );
}
