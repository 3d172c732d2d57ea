/**
 * The variables a document sheet's template may use, written `{{company.name}}` in its text. ONE
 * registry: each entry names its source module; the server resolves every source with that module's
 * resolver (server/modules/sheets/variables/), the editor offers the same list, and saving a template
 * or a document that names anything else is refused (400 naming the unknown variables).
 *
 * A source whose module is not built yet is `pending`: its names are accepted (the shipped templates
 * use them), and they print as a visible blank until the module contributes its resolver.
 */
export const VARIABLE_SOURCES = {
  company: { ready: true },
  dpo: { ready: true },
  notice: { ready: true, needs: 'notice' },
  date: { ready: true },
  document: { ready: true },
  ropa: { ready: true, needs: 'ropaActivity' },
  breach: { ready: true, needs: 'breach' },
} as const satisfies Record<string, { ready: boolean; needs?: SheetLinkKind }>;

/** What a document can be attached to (a variable of that source reads the attached record). */
export type SheetLinkKind = 'notice' | 'ropaActivity' | 'breach';
export type VariableSource = keyof typeof VARIABLE_SOURCES;

/** Every variable: `<source>.<field>`. `block`: the value is a list (printed as bullet points). */
export const SHEET_VARIABLES = [
  { name: 'company.name', source: 'company' },
  { name: 'company.nameTh', source: 'company' },
  { name: 'company.nameEn', source: 'company' },
  { name: 'company.address', source: 'company' },
  { name: 'company.taxId', source: 'company' },
  { name: 'company.phone', source: 'company' },
  { name: 'company.email', source: 'company' },
  { name: 'company.website', source: 'company' },
  { name: 'company.logo', source: 'company', image: true },
  { name: 'dpo.name', source: 'dpo' },
  { name: 'dpo.email', source: 'dpo' },
  { name: 'dpo.phone', source: 'dpo' },
  { name: 'notice.name', source: 'notice' },
  { name: 'notice.purposes', source: 'notice', block: true },
  { name: 'notice.bases', source: 'notice', block: true },
  { name: 'notice.dataCollected', source: 'notice', block: true },
  { name: 'notice.version', source: 'notice' },
  { name: 'date.today', source: 'date' },
  { name: 'date.todayShort', source: 'date' },
  { name: 'date.year', source: 'date' },
  { name: 'document.title', source: 'document' },
  { name: 'document.version', source: 'document' },
  { name: 'ropa.activityName', source: 'ropa' },
  { name: 'ropa.purpose', source: 'ropa' },
  { name: 'ropa.dataItems', source: 'ropa', block: true },
  { name: 'ropa.retention', source: 'ropa' },
  { name: 'breach.title', source: 'breach' },
  { name: 'breach.occurredAt', source: 'breach' },
  { name: 'breach.discoveredAt', source: 'breach' },
  { name: 'breach.affectedCount', source: 'breach' },
  { name: 'breach.description', source: 'breach' },
  { name: 'breach.measures', source: 'breach' },
  // more of the activity's and the breach's facts
  { name: 'ropa.purposes', source: 'ropa', block: true },
  { name: 'ropa.bases', source: 'ropa', block: true },
  { name: 'ropa.subjects', source: 'ropa', block: true },
  { name: 'ropa.systems', source: 'ropa', block: true },
  { name: 'ropa.department', source: 'ropa' },
  { name: 'ropa.recipients', source: 'ropa' },
  { name: 'ropa.security', source: 'ropa' },
  { name: 'ropa.description', source: 'ropa' },
  { name: 'breach.code', source: 'breach' },
  { name: 'breach.awareAt', source: 'breach' },
  { name: 'breach.recordsCount', source: 'breach' },
  { name: 'breach.cause', source: 'breach' },
  { name: 'breach.consequences', source: 'breach' },
  { name: 'breach.dataCategories', source: 'breach', block: true },
  { name: 'breach.systems', source: 'breach', block: true },
  { name: 'breach.riskLevel', source: 'breach' },
  { name: 'breach.officeNotifiedAt', source: 'breach' },
  // s.25: where the activity's data came from, and when
  { name: 'ropa.source', source: 'ropa' },
  { name: 'ropa.otherSourceOn', source: 'ropa' },
] as const satisfies readonly { name: `${VariableSource}.${string}`; source: VariableSource; block?: boolean; image?: boolean }[];

export type SheetVariableName = (typeof SHEET_VARIABLES)[number]['name'];
const NAMES: ReadonlySet<string> = new Set(SHEET_VARIABLES.map((v) => v.name));
export const isSheetVariable = (name: string): name is SheetVariableName => NAMES.has(name);
export const variableSource = (name: SheetVariableName): VariableSource => name.slice(0, name.indexOf('.')) as VariableSource;

/** `{{ company.name }}`: the spaces inside the braces are allowed, the name is letters, digits, dots. */
export const VARIABLE_PATTERN = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** The variables a text names, each once, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE_PATTERN)].map((m) => m[1]))];
}

/** The names in a text that the registry does not know: saving it is refused with these. */
export const unknownVariables = (text: string) => variablesIn(text).filter((n) => !isSheetVariable(n));

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
/** `2569` -> `๒๕๖๙`: the document's option for Thai numerals. */
export const toThaiDigits = (text: string) => text.replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]);
