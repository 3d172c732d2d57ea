import type { SheetLang } from '../../../../contract/sheets';
import type { SheetVariableName, VariableSource } from '../../../../contract/sheetVariables';
import type { Queryable } from '../../../db/client';

/** What a resolver may read: always the session's company, never an id from elsewhere. */
export interface VariableContext {
  db: Queryable;
  companyId: string;
  lang: SheetLang;
  now: Date;
  /** where the company's uploads are on disk, and their public address (the logo) */
  uploads: { dir: string; url: (file: string) => string };
  document: { title: string; version: number; noticeId: string | null; ropaActivityId: string | null; breachId: string | null };
}

/** A variable's value: text, a list (printed as bullet points), an image, or null (not known: printed as a visible blank). */
export type VariableValue = string | string[] | { image: { path: string; url: string } } | null;
export type VariableValues = Partial<Record<SheetVariableName, VariableValue>>;

/** One source module's contribution: the values of the names of its source that a text uses. */
export type SourceResolver = (ctx: VariableContext, names: SheetVariableName[]) => Promise<VariableValues>;
export type ResolverRegistry = Record<VariableSource, SourceResolver | null>;
