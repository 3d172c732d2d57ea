import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The product's texts, one catalogue per area (`i18n/<area>.ts`: Thai and English side by side).
 * The browser loads an area with the screens that use it (src/i18n/i18nProvider.ts); the server
 * imports the areas it words replies, e-mails and exports with. Each area file adds itself to
 * `TextAreas`; this index finds the files by convention (tests, the fake-api, the audit's labels).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each area file adds itself
export interface TextAreas {}
export type AreaName = keyof TextAreas;
export type Lang = 'th' | 'en';

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllTexts = Intersection<TextAreas[AreaName]['th']>;

/** Files of this folder that are not an area: the index, the date formats, the server's message helpers. */
const NOT_AREAS = new Set(['index', 'dates', 'messages']);
const folder = dirname(fileURLToPath(import.meta.url));
const areaFiles = readdirSync(folder)
  .filter((file) => /^[a-z]+\.ts$/.test(file) && !NOT_AREAS.has(basename(file, '.ts')))
  .sort();

export const AREAS = Object.fromEntries(
  await Promise.all(areaFiles.map(async (file) => [basename(file, '.ts'), (await import(pathToFileURL(join(folder, file)).href)).default] as const)),
) as TextAreas;

/** Every area at once (tests, the fake-api): the same keys the browser sees once all are loaded. */
export const th = Object.assign({}, ...Object.values(AREAS).map((area) => area.th)) as AllTexts;
export const en: typeof th = Object.assign({}, ...Object.values(AREAS).map((area) => area.en));

export const catalogue = (lang: Lang) => (lang === 'en' ? en : th);
/** The text at a dotted key (`datamap.categories.entity`), or undefined. */
export function textAt(lang: Lang, key: string): string | undefined {
  let node: unknown = catalogue(lang);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
