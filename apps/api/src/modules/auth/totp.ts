import { generateSecret, generateURI, verify } from 'otplib';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { type UserRow, updateUser } from '../users/repository';

/** Authenticator-app (TOTP) second factor, offered to admins. */

export async function checkTotp(secret: string, code: string): Promise<boolean> {
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
  }
}

/** Second step of sign-in for accounts that enrolled: the code is required and must match. */
export async function assertSecondFactor(user: UserRow, code: string | undefined): Promise<void> {
  if (!user.totpEnabled || !user.totpSecret) return;
  if (!code) throw new AppError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app');
  if (!(await checkTotp(user.totpSecret, code))) throw new AppError('TOTP_REQUIRED', 'Invalid authentication code');
}

/** Starts enrolment: a new secret, not yet active until a code proves the app has it. */
export async function startTotpEnrolment(deps: AppDeps, user: UserRow) {
  if (user.totpEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  const secret = generateSecret();
  await updateUser(deps.db, user.id, { totpSecret: secret, totpEnabled: false });
  return { secret, otpauth_url: generateURI({ issuer: 'AI Marketplace', label: user.email, secret }) };
}

export async function enableTotp(deps: AppDeps, user: UserRow, code: string) {
  if (!user.totpSecret) throw new AppError('VALIDATION_FAILED', 'Start the set-up first');
  if (!(await checkTotp(user.totpSecret, code))) throw fieldError('code', 'Invalid authentication code');
  await updateUser(deps.db, user.id, { totpEnabled: true });
  return { message: 'Two-factor sign-in is on', totp_enabled: true };
}

export async function disableTotp(deps: AppDeps, user: UserRow, code: string) {
  if (!user.totpEnabled || !user.totpSecret) throw new AppError('VALIDATION_FAILED', 'Two-factor sign-in is not on');
  if (!(await checkTotp(user.totpSecret, code))) throw fieldError('code', 'Invalid authentication code');
  await updateUser(deps.db, user.id, { totpEnabled: false, totpSecret: null });
  return { message: 'Two-factor sign-in is off', totp_enabled: false };
}
