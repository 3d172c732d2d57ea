import { createHash } from 'node:crypto';
import { format } from 'date-fns';
import { inBangkok } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import { displayName } from '../../../contract/people';
import {
  dsrPackBuildBody,
  dsrPackContent,
  dsrPackQuery,
  dsrPackReply,
  dsrPackSendBody,
  type DsrPack,
  type DsrPackContent,
  type PackConnectorRows,
} from '../../../contract/dsrPack';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { sendMail } from '../../mail';
import { connectorRowsForRequest } from '../connectors/runs';
import { auditExport } from '../audit/record';
import { readStoredFile, removeStoredFile, storeFile } from './files';
import { parseDsr } from './input';
import { buildPackContent, packRequest } from './pack';
import { packZip } from './packData';
import { packLetterPdf } from './packPdf';

const access = { menuId: MENU.consents.menuId } as const;
const write = { ...access, write: true } as const;

interface PackRow {
  id: string;
  request_id: string;
  content: DsrPackContent;
  built_at: Date | string;
  built_by_name: string | null;
  sent_at: Date | string | null;
  sent_by_name: string | null;
  channel: 'email' | 'post' | 'in_person' | null;
  sent_on: string | null;
  sent_to: string;
  note: string;
  files: { name: string; mime: string; size: number; sha256: string; storedName: string }[];
}

const USER = (col: string) => `(select coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) from users u where u.id = p.${col})`;

async function packRow(q: Queryable, companyId: string, requestId: string, lock = false): Promise<PackRow | undefined> {
  const [row] = await q.query<PackRow>(
    `select p.id, p.request_id, p.content, p.built_at, p.sent_at, p.channel, to_char(p.sent_on, 'YYYY-MM-DD') as sent_on, p.sent_to, p.note,
            p.files, ${USER('built_by')} as built_by_name, ${USER('sent_by')} as sent_by_name
       from dsr_access_packs p where p.company_id = $1 and p.request_id = $2${lock ? ' for update' : ''}`,
    [companyId, requestId],
  );
  return row;
}

const toPack = (p: PackRow): DsrPack => ({
  _id: p.id,
  requestId: p.request_id,
  state: p.sent_at ? 'sent' : 'draft',
  builtAt: new Date(p.built_at).toISOString(),
  builtBy: p.built_by_name,
  content: p.content,
  sent: p.sent_at
    ? {
        at: new Date(p.sent_at).toISOString(),
        by: p.sent_by_name,
        channel: p.channel!,
        sentOn: p.sent_on!,
        to: p.sent_to,
        note: p.note,
        files: p.files.map(({ name, mime, size, sha256 }) => ({ name, mime, size, sha256 })),
      }
    : null,
});

const fileNames = (ref: string) => ({ letter: `${ref}-access-letter.pdf`, data: `${ref}-access-data.zip` });
const bangkokDay = (at: Date | string) => format(inBangkok(at), 'yyyy-MM-dd');

/** A pack's two files: the stored ones once sent (what the requester received, byte for byte), else made now from the draft. */
async function packFile(config: ServerConfig, companyId: string, p: PackRow, which: 'letter' | 'data'): Promise<{ name: string; bytes: Buffer }> {
  const names = fileNames(p.content.request.referenceCode);
  if (p.sent_at) {
    // the demo's pack keeps no stored files: its bytes are made again, the same
    const stored = p.files.find((f) => f.name === names[which] && f.storedName);
    if (stored) return { name: stored.name, bytes: await readStoredFile(config, companyId, stored.storedName) };
  }
  const builtAt = new Date(p.built_at).toISOString();
  const sentAt = p.sent_at ? new Date(p.sent_at).toISOString() : null;
  const bytes = which === 'letter' ? await packLetterPdf(p.content, sentAt, sentAt ?? builtAt) : packZip(p.content, builtAt);
  return { name: names[which], bytes };
}

/**
 * The access pack of an access or portability request: built as a draft (and again while a draft),
 * its letter and data downloaded for review, then marked sent — by e-mail with both files attached, or
 * by post or in person on a day — which keeps the files as sent with their SHA-256, unchangeable.
 */
export const dsrPackRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/consents/datasubject/pack',
    personalData: { entity: 'dsr_requests', ids: ({ query }) => [query.requestId] },
    access,
    query: dsrPackQuery,
    reply: dsrPackReply,
    handler: async ({ db, session, query }) => {
      await packRequest(db, session.companyId, query.requestId);
      const row = await packRow(db, session.companyId, query.requestId);
      return { pack: row ? toPack(row) : null };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/pack',
    access: write,
    body: dsrPackBuildBody,
    reply: dsrPackReply,
    handler: async ({ db, session, body }) => {
      const request = await packRequest(db, session.companyId, body.requestId, true);
      const existing = await packRow(db, session.companyId, body.requestId, true);
      if (existing?.sent_at) throw new ApiError(409, 'dsr_pack_sent');
      // the rows the company's connected databases hold about the person: none until a connector is wired here
      const connectorRows = packRowsOf(await connectorRowsForRequest(db, session.companyId, request.id));
      const content = dsrPackContent.parse(await buildPackContent(db, session.companyId, request, connectorRows));
      await db.query(
        `insert into dsr_access_packs (company_id, request_id, lang, content, built_by) values ($1, $2, $3, $4, $5)
         on conflict (company_id, request_id) do update set lang = excluded.lang, content = excluded.content,
           built_by = excluded.built_by, built_at = now()`,
        [session.companyId, body.requestId, request.lang, JSON.stringify(content), session.userId],
      );
      return { pack: toPack((await packRow(db, session.companyId, body.requestId))!) };
    },
  }),

  ...(['letter', 'data'] as const).map((which) =>
    route({
      method: 'GET',
      url: `/consents/datasubject/pack/${which}`,
      access,
      query: dsrPackQuery,
      personalData: { entity: 'dsr_requests', ids: ({ query }) => [query.requestId] },
      handler: async ({ db, session, req, reply, query }) => {
        await packRequest(db, session.companyId, query.requestId);
        const row = await packRow(db, session.companyId, query.requestId);
        if (!row) throw new ApiError(409, 'dsr_pack_missing');
        const file = await packFile(config, session.companyId, row, which);
        await auditExport({ db, session, req }, 'dsr_access_packs', [row.id], { requestId: query.requestId, name: file.name });
        reply
          .header('content-type', which === 'letter' ? 'application/pdf' : 'application/zip')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.bytes);
        return undefined;
      },
    }),
  ),

  route({
    method: 'POST',
    url: '/consents/datasubject/pack/send',
    access: write,
    describedBody: dsrPackSendBody,
    reply: dsrPackReply,
    handler: async ({ db, session, req, lang }) => {
      const body = parseDsr(dsrPackSendBody, req.body, lang);
      const request = await packRequest(db, session.companyId, body.requestId, true);
      const row = await packRow(db, session.companyId, body.requestId, true);
      if (!row) throw new ApiError(409, 'dsr_pack_missing');
      if (row.sent_at) throw new ApiError(409, 'dsr_pack_sent');
      const today = bangkokDay(new Date());
      const sentOn = body.channel === 'email' ? today : body.sentOn!;
      if (sentOn > today || sentOn < bangkokDay(request.received_at)) throw new ApiError(400, 'dsr_pack_sent_on_range');

      const sentAt = new Date().toISOString();
      const sentRow = { ...row, sent_at: sentAt };
      const files = await Promise.all([packFile(config, session.companyId, sentRow, 'letter'), packFile(config, session.companyId, sentRow, 'data')]);
      const mimes = ['application/pdf', 'application/zip'];
      const stored: string[] = [];
      try {
        const kept = [];
        for (const [i, f] of files.entries()) {
          const storedName = await storeFile(config, session.companyId, { name: f.name, mime: mimes[i], bytes: f.bytes });
          stored.push(storedName);
          kept.push({ name: f.name, mime: mimes[i], size: f.bytes.length, sha256: createHash('sha256').update(f.bytes).digest('hex'), storedName });
        }
        await db.query(
          `update dsr_access_packs set sent_at = $3, sent_by = $4, channel = $5, sent_on = $6, sent_to = $7, note = $8, files = $9
            where company_id = $1 and request_id = $2`,
          [
            session.companyId,
            body.requestId,
            sentAt,
            session.userId,
            body.channel,
            sentOn,
            body.channel === 'email' ? request.email : '',
            body.note,
            JSON.stringify(kept),
          ],
        );
        if (body.channel === 'email') {
          // inside the transaction: a mail that cannot be handed over leaves the pack a draft
          await sendMail(
            db,
            {
              to: request.email,
              template: 'dsr_access_pack',
              lang: request.lang,
              params: {
                name: displayName(request.subject),
                company: row.content.controller.name,
                ref: request.reference_code,
                files: kept.map((f) => `${f.name} (SHA-256 ${f.sha256})`).join('\n'),
              },
              attachments: files.map((f, i) => ({ filename: f.name, contentType: mimes[i], content: f.bytes })),
            },
            config.mail,
          );
        }
      } catch (err) {
        for (const name of stored) await removeStoredFile(config, session.companyId, name);
        throw err;
      }
      return { pack: toPack((await packRow(db, session.companyId, body.requestId))!) };
    },
  }),
];

/** The latest access run's rows of each connected system, as the pack's cells (a date as its ISO text, bytes or a big number as text). */
function packRowsOf(systems: Awaited<ReturnType<typeof connectorRowsForRequest>>): PackConnectorRows {
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? null
      : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
        ? v
        : v instanceof Date
          ? v.toISOString()
          : String(v);
  return systems.flatMap((s) =>
    s.tables.map((t) => ({
      system: s.systemName,
      table: t.table,
      rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v)]))),
    })),
  );
}
