import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAccountNumber, encryptAccountNumber } from './encryption';

describe('bank account numbers at rest', () => {
  const key = randomBytes(32);

  it('round-trips and never repeats a ciphertext', () => {
    const a = encryptAccountNumber(key, 'DE89370400440532013000', 'row-1');
    const b = encryptAccountNumber(key, 'DE89370400440532013000', 'row-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('0532013000');
    expect(decryptAccountNumber(key, a, 'row-1')).toBe('DE89370400440532013000');
  });

  it('refuses another key, another row or a changed ciphertext', () => {
    const stored = encryptAccountNumber(key, '000123456789', 'row-1');
    expect(() => decryptAccountNumber(randomBytes(32), stored, 'row-1')).toThrow();
    expect(() => decryptAccountNumber(key, stored, 'row-2')).toThrow();
    const [version, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data ?? '', 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptAccountNumber(key, [version, iv, tag, flipped.toString('base64')].join(':'), 'row-1')).toThrow();
  });
});
