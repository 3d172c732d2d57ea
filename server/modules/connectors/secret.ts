import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../config';
import { fileKey } from '../dsr/files';

/**
 * A connection's password, encrypted at rest with the product's file key (FILE_KEY, or DATA_DIR/file.key),
 * AES-256-GCM as the requests' identity documents: base64 of iv (12) | tag (16) | ciphertext; '' for none.
 */
export function sealPassword(config: ServerConfig, password: string): string {
  if (!password) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey(config), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openPassword(config: ServerConfig, sealed: string): string {
  if (!sealed) return '';
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', fileKey(config), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
