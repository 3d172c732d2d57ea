import { createHash } from 'node:crypto';
import { format } from 'date-fns';
import { addDays, inBangkok } from '../../../contract/clock';
import { DSR_DEMO_PACK } from '../../../demo';
import type { Queryable } from '../../db/client';
import { buildPackContent, packRequest } from './pack';
import { packZip } from './packData';
import { packLetterPdf } from './packPdf';

/**
 * The demo's sent access pack (demo/dsr.ts): built from the company's ROPA and consent demo, so it runs
 * after them. Its files are not stored: a download makes the same bytes again (the letter is dated when
 * sent, the zip when built), which the digests kept here prove.
 */
export async function seedPackDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  const ref = `${code}-DSR-${String(DSR_DEMO_PACK.requestNumber).padStart(4, '0')}`;
  const [row] = await q.query<{ id: string }>('select id from dsr_requests where company_id = $1 and reference_code = $2', [companyId, ref]);
  if (!row) return;
  const request = await packRequest(q, companyId, row.id);
  // as the database gives it back (jsonb keeps its own key order), which is what a download makes the files of
  const built = await buildPackContent(q, companyId, request, []);
  const [{ content }] = await q.query<{ content: typeof built }>('select $1::jsonb as content', [JSON.stringify(built)]);
  const sentAt = addDays(new Date(), -DSR_DEMO_PACK.sentDaysAgo).toISOString();
  const builtAt = new Date(new Date(sentAt).getTime() - 3_600_000).toISOString();
  const files = [
    { name: `${ref}-access-letter.pdf`, mime: 'application/pdf', bytes: await packLetterPdf(content, sentAt, sentAt) },
    { name: `${ref}-access-data.zip`, mime: 'application/zip', bytes: packZip(content, builtAt) },
  ].map((f) => ({ name: f.name, mime: f.mime, size: f.bytes.length, sha256: createHash('sha256').update(f.bytes).digest('hex'), storedName: '' }));
  await q.query(
    `insert into dsr_access_packs (company_id, request_id, lang, content, built_by, built_at, sent_at, sent_by, channel, sent_on, sent_to, note, files)
     values ($1, $2, $3, $4, $5, $6, $7, $5, $8, $9, $10, $11, $12)`,
    [
      companyId,
      row.id,
      request.lang,
      JSON.stringify(content),
      staffId,
      builtAt,
      sentAt,
      DSR_DEMO_PACK.channel,
      format(inBangkok(sentAt), 'yyyy-MM-dd'),
      request.email,
      DSR_DEMO_PACK.note,
      JSON.stringify(files),
    ],
  );
}
