import { MENU } from '../../../contract/menus';
import { idParams, questionBody, questionListQuery, questionListReply, questionReply, type Question } from '../../../contract/quiz';
import { QUIZ_BANK } from '../../../demo/quizBank';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';

export const read = { menuId: MENU.sheets.menuId } as const;
export const write = { ...read, write: true } as const;

interface QuestionRow {
  id: string;
  topic: Question['topic'];
  kind: Question['kind'];
  text: Question['text'];
  choices: Question['choices'];
  correct: number[];
  explanation: Question['explanation'];
  reference: string;
  active: boolean;
  updated_at: Date | string;
}

const toQuestion = (r: QuestionRow): Question => ({
  _id: r.id,
  topic: r.topic,
  kind: r.kind,
  text: r.text,
  choices: r.choices,
  correct: r.correct.map(Number),
  explanation: r.explanation,
  reference: r.reference,
  active: r.active,
  updated_dt: new Date(r.updated_at).toISOString(),
});

/** Copies the shipped question bank (demo/quizBank.ts) into a company: called when a company is created. */
export async function copyQuizBank(q: Queryable, companyId: string) {
  await q.query(
    `insert into quiz_questions (company_id, topic, kind, text, choices, correct, explanation, reference)
     select $1, e.v->>'topic', e.v->>'kind', e.v->'text', e.v->'choices', array(select jsonb_array_elements_text(e.v->'correct')::smallint),
            e.v->'explanation', e.v->>'reference'
       from jsonb_array_elements($2::jsonb) with ordinality as e(v, n)
      order by e.n`,
    [companyId, JSON.stringify(QUIZ_BANK)],
  );
}

async function oneQuestion(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<QuestionRow>('select * from quiz_questions where company_id = $1 and id = $2', [companyId, id]);
  if (!row) throw notFound();
  return toQuestion(row);
}

const values = (b: ReturnType<typeof questionBody.parse>) => [
  b.topic,
  b.kind,
  JSON.stringify(b.text),
  JSON.stringify(b.choices),
  b.correct,
  JSON.stringify(b.explanation),
  b.reference,
  b.active,
];

/** The question bank (menu 7): list by topic and text, add, change, delete. Past attempts keep their own copy. */
export const quizBankRoutes = [
  route({
    method: 'GET',
    url: '/knowledge/questions',
    access: read,
    query: questionListQuery,
    reply: questionListReply,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'company_id = $1';
      if (query.topic) {
        params.push(query.topic);
        where += ` and topic = $${params.length}`;
      }
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and (text->>'th' ilike $${params.length} or text->>'en' ilike $${params.length} or reference ilike $${params.length})`;
      }
      const [rows, [{ total }]] = await Promise.all([
        db.query<QuestionRow>(`select * from quiz_questions where ${where} order by seq limit $${params.length + 1} offset $${params.length + 2}`, [
          ...params,
          query.limit,
          pageOffset(query),
        ]),
        db.query<{ total: number }>(`select count(*)::int as total from quiz_questions where ${where}`, params),
      ]);
      return { questionList: rows.map(toQuestion), totalItem: total };
    },
  }),
  route({
    method: 'GET',
    url: '/knowledge/questions/:id',
    access: read,
    params: idParams,
    reply: questionReply,
    handler: async ({ db, session, params }) => ({ data: await oneQuestion(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/knowledge/questions',
    access: write,
    body: questionBody,
    reply: questionReply,
    handler: async ({ db, session, body }) => {
      const [{ id }] = await db.query<{ id: string }>(
        `insert into quiz_questions (company_id, topic, kind, text, choices, correct, explanation, reference, active)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [session.companyId, ...values(body)],
      );
      return { data: await oneQuestion(db, session.companyId, id) };
    },
  }),
  route({
    method: 'PUT',
    url: '/knowledge/questions/:id',
    access: write,
    params: idParams,
    body: questionBody,
    reply: questionReply,
    handler: async ({ db, session, params, body }) => {
      const rows = await db.query(
        `update quiz_questions set topic = $3, kind = $4, text = $5, choices = $6, correct = $7, explanation = $8, reference = $9,
                active = $10, updated_at = now()
          where company_id = $1 and id = $2 returning id`,
        [session.companyId, params.id, ...values(body)],
      );
      if (!rows.length) throw notFound();
      return { data: await oneQuestion(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/knowledge/questions/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      const rows = await db.query('delete from quiz_questions where company_id = $1 and id = $2 returning id', [session.companyId, params.id]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
