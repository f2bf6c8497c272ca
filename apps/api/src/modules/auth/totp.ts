import { generateSecret, generateURI, verify } from 'otplib';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { bumpTokenVersion, type UserRow, updateUser } from '../users/repository';
import { backOffMs, tooManyAttempts } from './lockout';
import { claimTotpStep, recordTotpFailure } from './repository';
import { currentFamily, revokeOtherSessions } from './sessions';

/** Authenticator-app (TOTP) second factor, offered to admins. */

const INVALID_CODE = 'Invalid authentication code';
const USED_CODE = 'This code has already been used. Wait for the next code from your authenticator app.';

/** The time-step a code belongs to, or null when it does not match (the step before and after count too). */
export async function matchTotp(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

type CodeOutcome = 'ok' | 'invalid' | 'used';

/**
 * Checks a code for a user: refuses while backing off after wrong codes, counts a wrong or
 * replayed code as a failure, and claims the code's time-step so it works only once.
 */
async function useCode(deps: AppDeps, user: UserRow, secret: string, code: string): Promise<CodeOutcome> {
  const wait = backOffMs(deps.config.lockout, user.totpFailures);
  const lockedUntil = (user.totpLastFailureAt?.getTime() ?? 0) + wait;
  if (wait > 0 && lockedUntil > Date.now()) throw tooManyAttempts(lockedUntil - Date.now(), 'authentication codes');

  const step = await matchTotp(secret, code);
  if (step !== null) {
    // Claimed atomically: two requests racing with the same code cannot both win.
    if (await claimTotpStep(deps.db, user.id, step)) return 'ok';
  }
  await recordTotpFailure(deps.db, user.id);
  return step === null ? 'invalid' : 'used';
}

const messageFor = (outcome: Exclude<CodeOutcome, 'ok'>) => (outcome === 'used' ? USED_CODE : INVALID_CODE);

/** Second step of sign-in for accounts that enrolled: the code is required, must match and must be new. */
export async function assertSecondFactor(deps: AppDeps, user: UserRow, code: string | undefined): Promise<void> {
  if (!user.totpEnabled || !user.totpSecret) return;
  if (!code) throw new AppError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app');
  const outcome = await useCode(deps, user, user.totpSecret, code);
  if (outcome !== 'ok') throw new AppError('TOTP_REQUIRED', messageFor(outcome));
}

/** Starts enrolment: a new secret, not yet active until a code proves the app has it. */
export async function startTotpEnrolment(deps: AppDeps, user: UserRow) {
  if (user.totpEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  const secret = generateSecret();
  await updateUser(deps.db, user.id, { totpSecret: secret, totpEnabled: false });
  return { secret, otpauth_url: generateURI({ issuer: 'AI Marketplace', label: user.email, secret }) };
}

/**
 * Turns two-factor sign-in on once a code proves the app has the secret. Every other session of
 * the user ends (a thief signed in with the password alone is thrown out); this one gets a fresh
 * access token.
 */
export async function enableTotp(deps: AppDeps, user: UserRow, code: string, refreshToken: string | undefined) {
  if (user.totpEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  if (!user.totpSecret) throw new AppError('VALIDATION_FAILED', 'Start the set-up first');
  const outcome = await useCode(deps, user, user.totpSecret, code);
  if (outcome !== 'ok') throw fieldError('code', messageFor(outcome));
  const updated = await deps.db.transaction(async (tx) => {
    const family = await currentFamily(tx, user.id, refreshToken);
    await revokeOtherSessions(tx, user.id, family);
    await bumpTokenVersion(tx, user.id);
    return (await updateUser(tx, user.id, { totpEnabled: true })) as UserRow;
  });
  const accessToken = await deps.accessTokens.sign({ sub: updated.id, role: updated.role, tv: updated.tokenVersion });
  return { message: 'Two-factor sign-in is on', totp_enabled: true, access_token: accessToken };
}

export async function disableTotp(deps: AppDeps, user: UserRow, code: string) {
  if (!user.totpEnabled || !user.totpSecret) throw new AppError('VALIDATION_FAILED', 'Two-factor sign-in is not on');
  const outcome = await useCode(deps, user, user.totpSecret, code);
  if (outcome !== 'ok') throw fieldError('code', messageFor(outcome));
  await updateUser(deps.db, user.id, { totpEnabled: false, totpSecret: null });
  return { message: 'Two-factor sign-in is off', totp_enabled: false };
}
