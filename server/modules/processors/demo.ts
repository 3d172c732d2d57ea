import { createHash, randomBytes } from 'node:crypto';
import { likelihoodOfScore, questionnaireScore, QUESTIONNAIRE_DAYS } from '../../../contract/processors';
import { codeOf, DEFAULT_MATRIX } from '../../../contract/risk';
import { DILIGENCE_DEMO } from '../../../demo/processors';
import { demoPdf } from '../../../demo/transfers';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { storeDocument } from '../transfers/documents';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';

/** Writes a company's demo due diligence (demo/processors.ts) for the register's processors, by name. */
export async function seedDiligenceDemo(q: Queryable, companyId: string, companyCode: string) {
  const processors = new Map(
    (await q.query<{ id: string; name: string }>('select id, name from processors where company_id = $1', [companyId])).map((r) => [r.name, r.id]),
  );
  for (const d of DILIGENCE_DEMO[companyCode] ?? []) {
    const processorId = processors.get(d.processor);
    if (!processorId) continue;
    const file = d.dpaFile ? await storeDocument(q, companyId, { name: d.dpaFile, mime: 'application/pdf', bytes: demoPdf(d.dpaFile) }) : null;
    await q.query(
      `insert into processor_diligence (processor_id, company_id, dpa_status, dpa_signed_on, dpa_expires_on, breach_notice_hours, review_on, subprocessors,
                                        dpa_file_id, dpa_file_name, dpa_file_mime, dpa_file_size)
       values ($1, $2, $3, $4, ${TODAY} + $5::int, $6, ${TODAY} + $7::int, $8, $9, $10, $11, $12)`,
      [
        processorId,
        companyId,
        d.dpaStatus,
        d.dpaSignedOn,
        d.dpaExpiresInDays,
        d.breachNoticeHours,
        d.reviewInDays,
        JSON.stringify(d.subprocessors),
        file?.id ?? null,
        file?.name ?? null,
        file?.mime ?? null,
        file?.size ?? null,
      ],
    );
    // the demo's links were never handed out: a random token whose hash nobody can answer to
    const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
    const answered = d.questionnaire.answered;
    const score = answered ? questionnaireScore(answered.answers) : null;
    await q.query(
      `insert into processor_questionnaires (company_id, processor_id, token_hash, sent_to, sent_at, expires_at, answered_at, respondent_name, answers, score, risk_code)
       values ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5) + make_interval(days => $6),
               case when $7::text is null then null else now() - make_interval(days => $5 - 2) end, $7, $8, $9, $10)`,
      [
        companyId,
        processorId,
        tokenHash,
        d.questionnaire.sentTo,
        d.questionnaire.sentDaysAgo,
        QUESTIONNAIRE_DAYS,
        answered?.respondentName ?? null,
        answered ? JSON.stringify(answered.answers) : null,
        score,
        score === null ? null : codeOf(DEFAULT_MATRIX, likelihoodOfScore(score), 3),
      ],
    );
  }
}

export default {
  // the due diligence belongs to the registers' processors; the documents' table comes with the transfers
  after: ['registers', 'transfers'],
  seed: (q, { company, companyId }) => seedDiligenceDemo(q, companyId, company.code),
} satisfies ModuleDemo;
