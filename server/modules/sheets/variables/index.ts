import { SHEET_VARIABLES, VARIABLE_SOURCES, variableSource, type SheetVariableName, type VariableSource } from '../../../../contract/sheetVariables';
import { companyVariables } from './company';
import { dateVariables, documentVariables } from './date';
import { dpoVariables } from './dpo';
import { noticeVariables } from './notice';
import { breachVariables } from './breach';
import { ropaVariables } from './ropa';
import type { ResolverRegistry, VariableContext, VariableValues } from './types';

export type { VariableContext, VariableValue, VariableValues } from './types';

/**
 * Each source of contract/sheetVariables.ts and the resolver its module contributes. `null`: the
 * module is being built: its variables print as a visible blank and are reported as pending. A
 * module adds its resolver here (one line) when it exists.
 */
export const RESOLVERS: ResolverRegistry = {
  company: companyVariables,
  dpo: dpoVariables,
  notice: noticeVariables,
  date: dateVariables,
  document: documentVariables,
  ropa: ropaVariables,
  breach: breachVariables,
};

/** The values of the given names, each source asked once; the names of a pending source come back in `pending`. */
export async function resolveVariables(ctx: VariableContext, names: SheetVariableName[]) {
  const bySource = new Map<VariableSource, SheetVariableName[]>();
  for (const name of names) bySource.set(variableSource(name), [...(bySource.get(variableSource(name)) ?? []), name]);
  const values: VariableValues = {};
  const pending: SheetVariableName[] = [];
  for (const [source, wanted] of bySource) {
    const resolver = RESOLVERS[source];
    if (!resolver || !VARIABLE_SOURCES[source].ready) {
      pending.push(...wanted);
      continue;
    }
    Object.assign(values, await resolver(ctx, wanted));
  }
  return { values, pending };
}

/** Every declared name has a source in the registry (a unit test holds it). */
export const declaredSources = () => [...new Set(SHEET_VARIABLES.map((v) => v.source))];
