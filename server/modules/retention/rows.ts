import type { RetentionItem, RetentionRule } from '../../../contract/retention';
import { iso } from '../../db/rows';
import { BANGKOK_TODAY } from '../../db/rows';

/** Today in Bangkok, as the queue counts days. */

/** The day a rule's period ends from a start day (`$start`, a date; the rule's columns under `r`). */
export const dueFrom = (start: string, r = 'r') =>
  `(${start} + case ${r}.unit when 'days' then make_interval(days => ${r}.period)
                              when 'months' then make_interval(months => ${r}.period)
                              else make_interval(years => ${r}.period) end)::date`;

export interface RuleRow {
  id: string;
  category_id: string;
  category_name: string;
  system_id: string | null;
  system_name: string | null;
  period: number;
  unit: RetentionRule['unit'];
  start_event: RetentionRule['startEvent'];
  law: RetentionRule['law'];
  legal_reason: string;
  end_action: RetentionRule['endAction'];
  open_items: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export const RULE_SELECT = `r.id, r.category_id, c.name as category_name, r.system_id, s.name as system_name, r.period, r.unit, r.start_event,
  r.law, r.legal_reason, r.end_action, r.created_at, r.updated_at,
  (select count(*)::int from retention_items i where i.company_id = r.company_id and i.rule_id = r.id and i.status = 'open') as open_items`;
export const RULE_FROM = `retention_rules r join data_categories c on c.id = r.category_id
  left join datamap_systems s on s.company_id = r.company_id and s.id = r.system_id`;

export const toRule = (r: RuleRow): RetentionRule => ({
  id: r.id,
  categoryId: r.category_id,
  systemId: r.system_id,
  category: { id: r.category_id, name: r.category_name },
  system: r.system_id ? { id: r.system_id, name: r.system_name ?? '' } : null,
  period: r.period,
  unit: r.unit,
  startEvent: r.start_event,
  law: r.law,
  legalReason: r.legal_reason,
  endAction: r.end_action,
  openItems: r.open_items,
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

export interface ItemRow {
  id: string;
  rule_id: string | null;
  system_id: string | null;
  label: string;
  category_name: string;
  system_name: string;
  end_action: RetentionItem['endAction'];
  started_on: string;
  due_on: string;
  owner_id: string | null;
  owner_name: string | null;
  status: 'open' | 'done';
  overdue: boolean;
  completed_at: Date | string | null;
  completed_name: string | null;
  note: string | null;
  deleted_count: string | number | null;
  backups_expire_on: string | null;
  file_name: string | null;
  file_size: number | null;
  file_stored: string | null;
  created_at: Date | string;
}

const personName = (u: string) => `coalesce(nullif(trim(concat_ws(' ', ${u}.firstname, ${u}.lastname)), ''), ${u}.username)`;

/** Dates as text, so a Bangkok day stays that day whatever the driver's time zone. */
export const ITEM_SELECT = `i.id, i.rule_id, i.system_id, i.label, i.category_name, i.system_name, i.end_action, i.started_on::text as started_on,
  i.due_on::text as due_on, i.owner_id, ${personName('uo')} as owner_name, i.status, (i.status = 'open' and i.due_on < ${BANGKOK_TODAY}) as overdue,
  i.completed_at, ${personName('uc')} as completed_name, i.note, i.deleted_count, i.backups_expire_on::text as backups_expire_on,
  i.file_name, i.file_size, i.file_stored, i.created_at`;
export const ITEM_FROM = `retention_items i left join users uo on uo.id = i.owner_id left join users uc on uc.id = i.completed_by`;

export const toItem = (r: ItemRow): RetentionItem => ({
  id: r.id,
  ruleId: r.rule_id,
  systemId: r.system_id,
  label: r.label,
  category: r.category_name,
  system: r.system_name,
  endAction: r.end_action,
  startedOn: r.started_on,
  dueOn: r.due_on,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
  status: r.status,
  overdue: r.overdue,
  completed:
    r.status === 'done' && r.completed_at
      ? {
          at: iso(r.completed_at),
          by: r.completed_name,
          note: r.note ?? '',
          deletedCount: Number(r.deleted_count ?? 0),
          backupsExpireOn: r.backups_expire_on ?? '',
          file: r.file_name ? { name: r.file_name, size: r.file_size ?? 0 } : null,
        }
      : null,
  created_dt: iso(r.created_at),
});
