import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import {
  type AffiliateLinkRow,
  findActiveAffiliateByCode,
  findAffiliateLinkOfUser,
  insertAffiliateLinkIfFree,
} from './repository';

export type { AffiliateLinkRow };

/** 10 characters of an unambiguous alphabet: ~48 bits, so links can not be guessed or enumerated. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

/** The member's referral link, created on first use; stable afterwards. */
export async function getOrCreateAffiliateLink(db: DbOrTx, userId: string): Promise<AffiliateLinkRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findAffiliateLinkOfUser(db, userId);
    if (existing) return existing;
    // A concurrent first visit, or (astronomically rarely) a code already taken: look again.
    await insertAffiliateLinkIfFree(db, userId, newCode());
  }
  throw new Error('could not create a referral code');
}

/** The active member behind a referral code, or null (unknown code, suspended or deleted account). */
export async function findAffiliateByCode(db: DbOrTx, code: string): Promise<{ userId: string } | null> {
  return (await findActiveAffiliateByCode(db, code)) ?? null;
}
