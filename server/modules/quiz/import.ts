import { MENU } from '../../../contract/menus';
import { QUIZ_KINDS, QUIZ_TOPICS, questionBody } from '../../../contract/quiz';
import type { ImportColumn, ImportDeclaration } from '../../bulk/import';

type QuestionInput = ReturnType<typeof questionBody.parse>;
const CHOICES = 6;
const bilingual = (key: string, label: string, example: { th: string; en: string }, required = false): ImportColumn[] => [
  { key: `${key}Th`, label: `${label}_th`, required, width: 36, example: { th: example.th, en: example.th } },
  { key: `${key}En`, label: `${label}_en`, width: 36, example: { th: example.en, en: example.en } },
];
const EXAMPLE_CHOICES = [
  { th: 'ความยินยอม', en: 'Consent' },
  { th: 'สัญญา', en: 'Contract' },
  { th: 'ประโยชน์โดยชอบด้วยกฎหมาย', en: 'Legitimate interest' },
];

/** Questions of the bank from a file: a row a question, up to six choices, the right ones by number ("1" or "1,3"). */
export const questionImport: ImportDeclaration<QuestionInput> = {
  url: '/knowledge/questions',
  menuId: MENU.sheets.menuId,
  entity: 'quiz_questions',
  title: 'lists.quiz.title',
  schema: questionBody,
  columns: [
    {
      key: 'topic',
      label: 'quiz.questions.columns.topic',
      required: true,
      choices: QUIZ_TOPICS.map((t) => ({ value: t, label: `quiz.topics.${t}` })),
      example: { th: 'ความยินยอม', en: 'Consent' },
    },
    {
      key: 'kind',
      label: 'quiz.questions.columns.kind',
      required: true,
      choices: QUIZ_KINDS.map((k) => ({ value: k, label: `quiz.kinds.${k}` })),
      example: { th: 'เลือกตอบข้อเดียว', en: 'Single choice' },
    },
    ...bilingual('text', 'lists.quiz.text', { th: 'ฐานใดใช้เก็บข้อมูลเพื่อทำสัญญาจ้างงาน', en: 'Which basis covers data for an employment contract?' }, true),
    ...Array.from({ length: CHOICES }, (_, i) =>
      bilingual(`choice${i + 1}`, `lists.quiz.choice${i + 1}`, EXAMPLE_CHOICES[i] ?? { th: '', en: '' }, i < 2),
    ).flat(),
    { key: 'correct', label: 'lists.quiz.correct', required: true, list: true, example: { th: '2', en: '2' } },
    ...bilingual('explanation', 'lists.quiz.explanation', { th: 'มาตรา 24(3)', en: 'Section 24(3)' }, true),
    { key: 'reference', label: 'quiz.questions.columns.reference', example: { th: 'ม.24(3)', en: 's.24(3)' } },
  ],
  toBody: (v) => {
    const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
    // a blank English text repeats the Thai (as the bank's own questions do where there is none)
    const both = (key: string) => ({ th: str(`${key}Th`), en: str(`${key}En`) || str(`${key}Th`) });
    const choices = Array.from({ length: CHOICES }, (_, i) => both(`choice${i + 1}`));
    const lastFilled = choices.reduce((last, c, i) => (c.th || c.en ? i : last), -1);
    return {
      topic: v.topic,
      kind: v.kind,
      text: both('text'),
      choices: choices.slice(0, Math.max(lastFilled + 1, 2)),
      correct: (v.correct as string[]).map((n) => (/^\d+$/.test(n) ? Number(n) - 1 : NaN)),
      explanation: both('explanation'),
      reference: str('reference'),
    };
  },
  columnOf: (path) => {
    const [head, index, lang] = path;
    const suffix = lang === 'en' ? 'En' : 'Th';
    if (head === 'choices') return `choice${Number(index) + 1}${suffix}`;
    if (head === 'text' || head === 'explanation') return `${head}${index === 'en' ? 'En' : 'Th'}`;
    return String(head);
  },
  insert: async (q, companyId, rows) => {
    await q.query(
      `insert into quiz_questions (company_id, topic, kind, text, choices, correct, explanation, reference, active)
       select $1, r.topic, r.kind, r.text, r.choices, array(select jsonb_array_elements_text(r.correct)::smallint), r.explanation, r.reference, r.active
         from jsonb_to_recordset($2::jsonb) as r(topic text, kind text, text jsonb, choices jsonb, correct jsonb, explanation jsonb, reference text, active boolean)`,
      [companyId, JSON.stringify(rows)],
    );
  },
};
