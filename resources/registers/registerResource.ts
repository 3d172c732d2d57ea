import type { RegisterDeclaration } from '../../contract/register';
import { LAZY_AREAS, type LazyArea } from '../../src/i18n/i18nProvider';
import type { ListedResource } from '../../src/resourceViews/ResourceListView';
import type { FieldDefinition } from '../types';
import { registerDefinition } from './definition';

const areaOf = (r: RegisterDeclaration): LazyArea => {
  if (!LAZY_AREAS.includes(r.texts.area as LazyArea)) throw new Error(`register ${r.name}: no text area "${r.texts.area}" in i18n/`);
  return r.texts.area as LazyArea;
};

/**
 * A register's screen, generated from its declaration: the list (search, 20 a page, its columns),
 * the add/edit modal validated by the declared rules, the typed delete, its texts under its prefix.
 */
export function registerResource(r: RegisterDeclaration): ListedResource {
  const label = (field: string) => `${r.texts.prefix}.${field}`;
  const fields = Object.fromEntries(
    Object.entries(r.fields).map(([key, f]): [string, FieldDefinition] => [
      key,
      {
        kind: f.kind,
        label: label(key),
        rule: f.rule,
        choices: f.choices?.map((value) => ({ id: value, name: `${label(key)}_${value}` })),
        truncate: f.kind === 'longText' ? 80 : undefined,
      },
    ]),
  );
  return {
    ...registerDefinition(r),
    fields,
    table: { columns: r.columns, search: Object.values(r.fields).some((f) => f.search), codes: r.codes },
    form: { rows: Object.keys(r.fields), requiredKey: 'common.required' },
    texts: { prefix: r.texts.prefix, addButton: `${r.texts.prefix}.add`, area: areaOf(r) },
  };
}
