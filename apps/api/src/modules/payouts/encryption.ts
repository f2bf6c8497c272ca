import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Bank account numbers at rest: AES-256-GCM with a random 96-bit IV, bound to the row id (as
 * additional data) so a ciphertext copied to another row does not decrypt.
 * Stored as `v1:<iv>:<tag>:<ciphertext>`, each base64.
 */
export function encryptAccountNumber(key: Buffer, plain: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(rowId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** The full number back; throws if the key, the row or the stored text is not the one it was written with. */
export function decryptAccountNumber(key: Buffer, stored: string, rowId: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown account number format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
