import type { Lang } from '../../i18n';

/** The assessments' screen codes: lists, saving, the opinion, the sign-off, a new round, the export, templates. */
export const ASSESSMENT_CODES = {
  list: 'ASM#001',
  candidates: 'ASM#002',
  start: 'ASM#003',
  load: 'ASM#004',
  save: 'ASM#005',
  opinion: 'ASM#006',
  sign: 'ASM#007',
  round: 'ASM#008',
  export: 'ASM#009',
  templates: 'ASM#010',
  templateSave: 'ASM#011',
  templateCopy: 'ASM#012',
  flags: 'ASM#013',
  remove: 'ASM#014',
} as const;

/** Where an assessment and a template open. */
export const assessmentPath = (id: string) => `/assessments/edit/${encodeURIComponent(id)}`;
export const templatePath = (id: string) => `/assessments/templates/${encodeURIComponent(id)}`;

/** The Thai or English one of a pair of texts the template carries (`nameTh`/`nameEn`). */
export const inLang = (locale: string, th: string, en: string) => ((locale as Lang) === 'en' ? en || th : th || en);
