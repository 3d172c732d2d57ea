import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { retentionItemBody } from '../../../contract/retention';
import type { AppDataProvider } from '../../../dataProvider';
import { ChoiceInput } from '../../../src/components/ChoiceInput';
import { FormDialog } from '../../../src/components/FormDialog';
import { formResolver } from '../../../src/components/formResolver';
import { ThaiDateSourceInput } from '../../../src/components/ThaiDateSourceInput';
import { useSaveRecord } from '../../../src/components/useSaveRecord';
import { DUE_CODES } from './codes';

const EMPTY = { ruleId: '', systemId: '', label: '', startedOn: null, ownerId: null };

/** The systems a chosen rule may apply to: its own, or each system of the data map holding its category. */
function SystemPick({
  rules,
  systems,
}: {
  rules: { id: string; categoryId: string; systemId: string | null }[];
  systems: { id: string; name: string; categoryIds: string[] }[];
}) {
  const translate = useTranslate();
  const ruleId = useWatch({ name: 'ruleId' }) as string;
  const rule = rules.find((r) => r.id === ruleId);
  const fitting = rule ? systems.filter((s) => (rule.systemId ? s.id === rule.systemId : s.categoryIds.includes(rule.categoryId))) : [];
  return <ChoiceInput source="systemId" label={translate('retention.rules.system')} choices={fitting} fullWidth />;
}

/** Records one system's data under a rule: when its start event last happened gives the day it falls due. */
export function ItemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const choices = useQuery({ queryKey: ['retention-choices'], queryFn: () => dataProvider.retentionChoices(), enabled: open });
  const rules = useQuery({
    queryKey: ['retention-rules', 'all-for-items'],
    queryFn: () =>
      dataProvider.getList('retention-rules', { pagination: { page: 1, perPage: 100 }, sort: { field: 'category', order: 'ASC' }, filter: {} }),
    enabled: open,
  });
  const saving = useSaveRecord('retention-due', { prefix: 'retention.due', screenCode: DUE_CODES.save, onSaved: onClose });
  const resolver = useMemo(() => formResolver(retentionItemBody, 'common.required'), []);
  const ruleChoices = (rules.data?.data ?? []).map((r) => ({
    id: String(r.id),
    name: `${r.category.name} · ${r.system?.name ?? translate('retention.rules.every_system')}`,
  }));
  return (
    <FormDialog
      open={open}
      title={translate('retention.due.add_title')}
      record={EMPTY}
      resolver={resolver}
      onSubmit={(v) => saving.save(v)}
      onClose={onClose}
      busy={saving.isPending}
    >
      <ChoiceInput source="ruleId" label={translate('retention.due.rule')} choices={ruleChoices} fullWidth testId="retention-item-rule" />
      <SystemPick
        rules={(rules.data?.data ?? []).map((r) => ({ id: String(r.id), categoryId: r.categoryId, systemId: r.systemId }))}
        systems={choices.data?.systems ?? []}
      />
      <TextInput source="label" label={translate('retention.due.label')} helperText={translate('retention.due.label_help')} fullWidth />
      <ThaiDateSourceInput source="startedOn" label={translate('retention.due.started_on')} yearsBack={100} />
      <ChoiceInput
        source="ownerId"
        label={translate('retention.due.owner')}
        choices={choices.data?.people ?? []}
        emptyText={translate('retention.due.no_owner')}
        fullWidth
      />
    </FormDialog>
  );
}
