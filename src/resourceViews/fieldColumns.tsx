import { FunctionField, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { FieldDefinition } from '../../resources/types';
import { DateText } from '../components/DateText';
import { truncateGraphemes } from '../components/truncate';

/** How many records a reference column or select loads as its choices (departments, roles...). */
export const REFERENCE_CHOICES = 100;

function ChoiceName({ field, source }: { field: FieldDefinition; source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const choice = field.choices?.find((c) => c.id === record?.[source]);
  return <span>{choice ? translate(choice.name) : ''}</span>;
}

function ReferenceName({ field, source }: { field: FieldDefinition; source: string }) {
  const record = useRecordContext();
  const reference = field.reference!;
  // one query for the whole column: every row reads the same cached list
  const { data = [] } = useGetList(reference.resource, { pagination: { page: 1, perPage: REFERENCE_CHOICES } });
  const target = data.find((r) => r.id === record?.[source]);
  return <span>{target ? String(target[reference.optionText] ?? '') : ''}</span>;
}

function Text({ field, source }: { field: FieldDefinition; source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (field.kind === 'boolean') return <span>{translate(value ? 'common.yes' : 'common.no')}</span>;
  const text = value == null ? '' : String(value);
  if (!field.truncate) return <span>{text}</span>;
  return <span title={text}>{truncateGraphemes(text, field.truncate)}</span>;
}

/** A list column for one field, drawn by its kind or by its own cell. */
export function fieldColumn(source: string, field: FieldDefinition) {
  const label = field.column ?? field.label;
  const Cell = field.cell;
  const render = () => {
    if (Cell) return <Cell />;
    if (field.kind === 'date') return <DateText source={source} />;
    if (field.kind === 'select') return <ChoiceName field={field} source={source} />;
    if (field.kind === 'reference') return <ReferenceName field={field} source={source} />;
    return <Text field={field} source={source} />;
  };
  return <FunctionField key={source} source={source} label={label} sortable={false} render={render} />;
}
