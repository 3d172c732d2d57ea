import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { DSR_FILE_MAX_BYTES, DSR_FILE_TYPES, type DsrFileInput } from '../../../contract/dsr';
import { fileKeyBytes, type ServerConfig } from '../../config';
import { ApiError } from '../../http/errors';

/**
 * Data subjects' files (identity evidence, proof of authority, proof of fulfilment): checked by
 * content, encrypted with AES-256-GCM and kept under DATA_DIR/private/dsr/<company>/, which is
 * never served (only DATA_DIR/uploads is). Staff read them back through the API only.
 */

const keys = new Map<string, Buffer>();

/** FILE_KEY, or the key kept in DATA_DIR/file.key (made on first use). */
export function fileKey(config: ServerConfig): Buffer {
  const cacheKey = config.fileKey ?? config.dataDir;
  const known = keys.get(cacheKey);
  if (known) return known;
  let key: Buffer;
  if (config.fileKey) {
    const given = fileKeyBytes(config.fileKey);
    if (!given) throw new Error('FILE_KEY must be 32 bytes: 64 hex characters or base64');
    key = given;
  } else {
    const path = join(config.dataDir, 'file.key');
    if (!existsSync(path)) {
      mkdirSync(config.dataDir, { recursive: true });
      try {
        writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        // another process made it first
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  }
  keys.set(cacheKey, key);
  return key;
}

const dirOf = (config: ServerConfig, companyId: string) => join(config.dataDir, 'private', 'dsr', companyId);

export interface CheckedFile {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** The file's bytes when they are a PDF, JPEG or PNG of at most 10 MB, whatever its name says; else a 4xx. */
export async function checkFile(input: DsrFileInput): Promise<CheckedFile> {
  const bytes = Buffer.from(input.contentBase64, 'base64');
  if (bytes.length > DSR_FILE_MAX_BYTES) throw new ApiError(413, 'dsr_file_too_large');
  if (bytes.length === 0) throw new ApiError(400, 'dsr_file_type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(DSR_FILE_TYPES as readonly string[]).includes(type.mime)) throw new ApiError(400, 'dsr_file_type');
  return { name: input.name, mime: type.mime, bytes };
}

/** Encrypts and writes a file; returns its stored name. Layout: iv (12) | tag (16) | ciphertext. */
export async function storeFile(config: ServerConfig, companyId: string, file: CheckedFile): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey(config), iv);
  const body = Buffer.concat([cipher.update(file.bytes), cipher.final()]);
  const stored = `${randomBytes(16).toString('hex')}.bin`;
  const dir = dirOf(config, companyId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(join(dir, stored), Buffer.concat([iv, cipher.getAuthTag(), body]), { flag: 'wx', mode: 0o600 });
  return stored;
}

export async function readStoredFile(config: ServerConfig, companyId: string, stored: string): Promise<Buffer> {
  if (!/^[0-9a-f]{32}\.bin$/.test(stored)) throw new ApiError(404, 'not_found');
  const raw = await readFile(join(dirOf(config, companyId), stored));
  const decipher = createDecipheriv('aes-256-gcm', fileKey(config), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export const removeStoredFile = (config: ServerConfig, companyId: string, stored: string) =>
  rm(join(dirOf(config, companyId), stored), { force: true });
