import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Licence keys themselves: 24 symbols of Crockford's base32 (120 random bits) in six groups of
 * four, e.g. `4F7K-9QX2-M3TB-8HZC-1WRD-6NVA`. Stored only as an HMAC (to find a key) and sealed with
 * AES-256-GCM (to show it to its buyer again); both keys derive from one secret (decision 0034).
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SYMBOLS = 24;
const GROUP = 4;
const SHAPE = new RegExp(`^[${ALPHABET}]{${SYMBOLS}}$`);

/** A new key, readable groups of four, from the system's cryptographic random source. */
export function generateLicenseKey(): string {
  const bytes = randomBytes(SYMBOLS);
  let symbols = '';
  // 256 is a multiple of 32, so taking the low five bits keeps every symbol equally likely.
  for (const byte of bytes) symbols += ALPHABET[byte & 31];
  return formatLicenseKey(symbols);
}

function formatLicenseKey(symbols: string): string {
  return (symbols.match(new RegExp(`.{${GROUP}}`, 'g')) ?? []).join('-');
}

/**
 * The key as typed or pasted, in its one canonical form: case, spaces and dashes do not matter, and
 * the letters people confuse with digits (O, I, L) read as those digits. Null when it cannot be a key.
 */
export function normalizeLicenseKey(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return SHAPE.test(symbols) ? formatLicenseKey(symbols) : null;
}

function derive(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

/** The lookup hash of a normalised key: equal keys, equal hashes; useless without the secret. */
export function hashLicenseKey(secret: Buffer, key: string): string {
  return createHmac('sha256', derive(secret, 'license-key-lookup')).update(key).digest('hex');
}

/** The key sealed for its row (the row id is bound as additional data): `v1:<iv>:<tag>:<data>`, base64. */
export function sealLicenseKey(secret: Buffer, key: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, 'license-key-seal'), iv);
  cipher.setAAD(Buffer.from(rowId));
  const data = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** The key back from its seal; throws when the secret or the row is not the one it was sealed with. */
export function unsealLicenseKey(secret: Buffer, sealed: string, rowId: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown licence key format');
  const decipher = createDecipheriv('aes-256-gcm', derive(secret, 'license-key-seal'), Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
