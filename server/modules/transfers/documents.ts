import { TRANSFER_FILE_MAX_BYTES, TRANSFER_FILE_TYPES, type EvidenceFileInput } from '../../../contract/transfers';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { serverMessage, type Lang } from '../../http/messages';

/**
 * Evidence documents (a transfer's basis, a processor's agreement): checked by their content, kept in
 * `evidence_documents`; the record pointing at one keeps its name, type and size (what the audit trail shows).
 */
export interface CheckedDocument {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** The document's bytes when they are a PDF, JPEG or PNG of at most 5 MB, whatever its name says; else a 4xx naming the field. */
export async function checkDocument(input: EvidenceFileInput, field: string, lang: Lang): Promise<CheckedDocument> {
  const bytes = Buffer.from(input.contentBase64, 'base64');
  if (bytes.length > TRANSFER_FILE_MAX_BYTES) throw new ApiError(413, 'transfers_file_too_large');
  const type = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  if (!type || !(TRANSFER_FILE_TYPES as readonly string[]).includes(type.mime))
    throw new ApiError(400, 'invalid_field', { field, reason: serverMessage(lang, 'transfers_file_type') });
  return { name: input.name, mime: type.mime, bytes };
}

/** Stores a checked document; returns the columns its record keeps. */
export async function storeDocument(q: Queryable, companyId: string, d: CheckedDocument) {
  const [row] = await q.query<{ id: string }>(
    'insert into evidence_documents (company_id, name, mime, size, bytes) values ($1, $2, $3, $4, $5) returning id',
    [companyId, d.name, d.mime, d.bytes.length, d.bytes],
  );
  return { id: row.id, name: d.name, mime: d.mime, size: d.bytes.length };
}

/** Removes documents no record points at any more (after a replacement or a deletion). */
export async function dropDocuments(q: Queryable, companyId: string, ids: readonly (string | null)[]) {
  const gone = ids.filter((id): id is string => Boolean(id));
  if (gone.length) await q.query('delete from evidence_documents where company_id = $1 and id = any($2::uuid[])', [companyId, gone]);
}

/** Sends a stored document as a download; 404 when it is not the company's. */
export async function sendDocument(q: Queryable, reply: FastifyReply, companyId: string, id: string | null) {
  if (!id) throw notFound();
  const [file] = await q.query<{ name: string; mime: string; bytes: Buffer | Uint8Array }>(
    'select name, mime, bytes from evidence_documents where company_id = $1 and id = $2',
    [companyId, id],
  );
  if (!file) throw notFound();
  reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(Buffer.from(file.bytes));
}
