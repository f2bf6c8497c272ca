import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  countFailuresForEmail,
  countFailuresFromIp,
  deleteFailedLoginsBefore,
  deleteFailedLoginsFromIp,
  insertFailedLogin,
  lockAdvisoryKey,
} from './repository';

/**
 * Wrong passwords back off per account *and* address: someone guessing from one address waits
 * (1 min, doubling, capped) while the owner signing in from elsewhere is never locked out.
 * Guessing spread over many addresses is slowed per account, never locked.
 * Rows live in the database, so every instance sees the same counts.
 */

/** Failures older than this no longer count for anything and are deleted. */
const RETENTION_MS = 24 * 3_600_000;

type Lockout = Config['lockout'];

/** How long a caller waits after `failures` failures in a row (0 while under the limit). */
export function backOffMs(lockout: Pick<Lockout, 'limit' | 'lockMinutes' | 'maxLockMinutes'>, failures: number): number {
  if (failures < lockout.limit) return 0;
  const doublings = Math.min(failures - lockout.limit, 30);
  return Math.min(lockout.lockMinutes * 2 ** doublings, lockout.maxLockMinutes) * 60_000;
}

/** The 429 a caller gets while backing off, naming when to try again (also as Retry-After, in seconds). */
export function tooManyAttempts(waitMs: number, what = 'sign-in attempts'): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const error = new AppError(
    'RATE_LIMITED',
    `Too many failed ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  );
  error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return error;
}

/** Refuses while the failures recorded under (email, ip) are within their back-off. */
async function assertNotBackingOff(db: DbOrTx, lockout: Lockout, email: string, ip: string, what?: string): Promise<void> {
  const mine = await countFailuresFromIp(db, email, ip, new Date(Date.now() - RETENTION_MS));
  const wait = backOffMs(lockout, mine.failures);
  const lockedUntil = mine.last ? new Date(mine.last).getTime() + wait : 0;
  if (wait > 0 && lockedUntil > Date.now()) throw tooManyAttempts(lockedUntil - Date.now(), what);
}

/**
 * Refuses a caller still backing off on this account, and slows every attempt while the account
 * as a whole sees many failures. Runs the same for unknown e-mails as for real accounts.
 */
export async function assertMayTryPassword(db: DbOrTx, lockout: Lockout, email: string, ip: string): Promise<void> {
  await assertNotBackingOff(db, lockout, email, ip);

  const everyone = await countFailuresForEmail(db, email, new Date(Date.now() - lockout.windowMinutes * 60_000));
  if (everyone >= lockout.accountLimit && lockout.slowdownMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, lockout.slowdownMs));
  }
}

/** Records a wrong password from an address, and drops rows too old to matter. */
export async function recordFailedPassword(db: DbOrTx, email: string, ip: string): Promise<void> {
  await insertFailedLogin(db, email, ip);
  await deleteFailedLoginsBefore(db, new Date(Date.now() - RETENTION_MS));
}

/** A right password from an address wipes that address's failures on the account. */
export async function clearFailedPasswords(db: DbOrTx, email: string, ip: string): Promise<void> {
  await deleteFailedLoginsFromIp(db, email, ip);
}

/**
 * Wrong current passwords when changing the password count per account, from any address: the
 * caller already holds a session, so the guesser is whoever holds it. They are kept with the
 * sign-in failures under this marker in place of an address, so they never lock sign-in, but
 * they do count towards the account-wide slowdown, expire with the rest and are lifted by a reset
 * link like every other failure on the account. No caller's address can equal the marker: it
 * holds a comma, which X-Forwarded-For splits on.
 */
const PASSWORD_CHANGE = '(password change, any address)';

/**
 * Claims one try at the current password: refuses (429, even for the right password) while the
 * account backs off, else records the try as a failure before the password is even checked, so
 * a burst of parallel guesses gets no more tries than one after another (checks and claims are
 * serialised per account). A right password then clears the record (clearFailedPasswordChanges).
 */
export async function claimPasswordChangeTry(db: Database, lockout: Lockout, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdvisoryKey(tx, `password-change:${email}`);
    await assertNotBackingOff(tx, lockout, email, PASSWORD_CHANGE, 'password attempts');
    await recordFailedPassword(tx, email, PASSWORD_CHANGE);
  });
}

/** The right current password: earlier wrong ones no longer count. */
export async function clearFailedPasswordChanges(db: DbOrTx, email: string): Promise<void> {
  await clearFailedPasswords(db, email, PASSWORD_CHANGE);
}
