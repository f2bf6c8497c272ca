import { GUEST_SIGN_UP_CONFIRM, hasRole, type Language, RESET_LINK_TTL_HOURS, type RegisterRequest } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { sendClaimLinkForSignUp } from '../guest-checkout';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserByGoogleSubject,
  insertUser,
  type UserRow,
  updateUser,
} from '../users/repository';
import { languageOf } from '../users/service';
import {
  assertMayTryPassword,
  claimPasswordChangeTry,
  clearFailedPasswordChanges,
  clearFailedPasswords,
  recordFailedPassword,
} from './lockout';
import { claimResetToken, deleteFailedLoginsForEmail, expireUserResetTokens, insertResetToken } from './repository';
import { revokeAllSessions, type SessionTokens, startSession } from './sessions';
import { assertSecondFactor } from './totp';

export { clearSessionCookie, sendSession } from './session-reply';
export { revokeAllSessions, startSession } from './sessions';

export type SignedIn = { user: UserRow } & SessionTokens;

const INVALID_CREDENTIALS = 'Incorrect email or password';

/** Refuses passwords found in public breach lists. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE);
}

/** Creates a local buyer account and signs it in. */
export async function registerUser(deps: AppDeps, input: Required<RegisterRequest>, userAgent?: string): Promise<SignedIn> {
  assertPasswordNotCommon(input.password);
  // The address of a guest's unclaimed account: its orders appear only once the mailbox is proved (decision 0046).
  const unclaimed = await findUserByEmail(deps.db, input.email);
  if (unclaimed?.unclaimedSince && unclaimed.isActive) {
    await sendClaimLinkForSignUp(deps, unclaimed);
    throw new AppError('CONFLICT', GUEST_SIGN_UP_CONFIRM);
  }
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
      role: 'buyer',
      authProvider: 'local',
      newsletterSubscribed: input.newsletter_subscribed,
    });
    if (!user) throw new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.');
    return { user, ...(await startSession(deps, user, userAgent, tx)) };
  });
}

/** Who is asking: the address (for lockouts) and the browser (shown with sessions). */
export interface Caller {
  ip: string;
  userAgent?: string;
}

/**
 * Checks e-mail and password. Takes the same time whether or not the account exists; wrong
 * passwords back off per account and address (see lockout.ts), counted in the database.
 */
export async function authenticate(deps: AppDeps, email: string, password: string, ip: string): Promise<UserRow> {
  await assertMayTryPassword(deps.db, deps.config.lockout, email, ip);
  const user = await findUserByEmail(deps.db, email);
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await recordFailedPassword(deps.db, email, ip);
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', 'This account has been suspended. Please contact support.');
  await clearFailedPasswords(deps.db, email, ip);
  return user;
}

export interface Credentials {
  email: string;
  password: string;
  totp_code?: string;
}

/** E-mail and password sign-in for every role (plus the authenticator code where enrolled). */
export async function loginUser(deps: AppDeps, credentials: Credentials, caller: Caller): Promise<SignedIn> {
  const user = await authenticate(deps, credentials.email, credentials.password, caller.ip);
  await assertSecondFactor(deps, user, credentials.totp_code);
  return signIn(deps, user, caller.userAgent);
}

/** Sign-in restricted to some roles (admin console, simple-admin area). */
export async function loginWithRole(
  deps: AppDeps,
  credentials: Credentials,
  roles: string[],
  refusal: string,
  caller: Caller,
): Promise<SignedIn> {
  const user = await authenticate(deps, credentials.email, credentials.password, caller.ip);
  if (!hasRole(user.role, roles)) throw new AppError('FORBIDDEN', refusal);
  await assertSecondFactor(deps, user, credentials.totp_code);
  return signIn(deps, user, caller.userAgent);
}

async function signIn(deps: AppDeps, user: UserRow, userAgent?: string): Promise<SignedIn> {
  const signedIn = (await updateUser(deps.db, user.id, { lastLoginAt: new Date() })) ?? user;
  return { user: signedIn, ...(await startSession(deps, signedIn, userAgent)) };
}

/** Google sign-in: verifies the ID token, then creates or links the account. Admins are refused. */
export async function loginWithGoogle(deps: AppDeps, idToken: string, userAgent?: string): Promise<SignedIn> {
  if (!deps.google) {
    throw new AppError('NOT_FOUND', 'Google sign-in is not configured on this server. Use email and password.');
  }
  const identity = await deps.google.verify(idToken);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Google authentication failed');
  if (!identity.emailVerified) throw new AppError('UNAUTHORIZED', 'Your Google account e-mail is not verified.');

  const user = await deps.db.transaction(async (tx) => {
    const linked = (await findUserByGoogleSubject(tx, identity.subject)) ?? (await findUserByEmail(tx, identity.email));
    if (linked) {
      if (hasRole(linked.role, ['admin'])) throw new AppError('FORBIDDEN', 'Admin users must use the admin login system.');
      if (!linked.isActive) throw new AppError('FORBIDDEN', 'This account has been suspended. Please contact support.');
      return (await updateUser(tx, linked.id, {
        googleSubject: identity.subject,
        emailVerified: true,
        unclaimedSince: null,
        pictureUrl: identity.picture ?? linked.pictureUrl,
        lastLoginAt: new Date(),
      })) as UserRow;
    }
    const created = await insertUser(tx, {
      email: identity.email,
      firstName: identity.givenName || identity.email.split('@')[0] || 'Google',
      lastName: identity.familyName || 'User',
      role: 'buyer',
      authProvider: 'google',
      googleSubject: identity.subject,
      emailVerified: true,
      pictureUrl: identity.picture,
      lastLoginAt: new Date(),
    });
    if (!created) throw new AppError('CONFLICT', 'An account with this email already exists.');
    return created;
  });
  return { user, ...(await startSession(deps, user, userAgent)) };
}

/**
 * Changes the password, ends every other session and opens a fresh one for this device. Wrong
 * current passwords back off per account like sign-in does (lockout.ts): after the limit even the
 * right one gets 429 until the wait is over, and the wait is capped, so the owner is never locked
 * out for good (a reset link lifts it at once).
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  userAgent?: string,
): Promise<SignedIn> {
  await claimPasswordChangeTry(deps.db, deps.config.lockout, user.email);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw fieldError('current_password', 'Current password is incorrect');
  }
  await clearFailedPasswordChanges(deps.db, user.email);
  if (currentPassword === newPassword) {
    throw fieldError('new_password', 'New password must be different from the current password');
  }
  assertPasswordNotCommon(newPassword, 'new_password');
  const passwordHash = await hashPassword(newPassword);
  return deps.db.transaction(async (tx) => {
    await revokeAllSessions(tx, user.id);
    await bumpTokenVersion(tx, user.id);
    const updated = (await updateUser(tx, user.id, { passwordHash })) as UserRow;
    return { user: updated, ...(await startSession(deps, updated, userAgent, tx)) };
  });
}

/**
 * Sends a single-use reset link to a real account. Says nothing about whether the account
 * exists: the route answers 200 first and runs this after the answer (deps.afterReply), so how
 * long the answer takes does not tell either.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, language: Language | null = null): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.isActive) return;
  const token = createOpaqueToken();
  await deps.db.transaction(async (tx) => {
    // A new link replaces any earlier one.
    await expireUserResetTokens(tx, user.id);
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_HOURS * 3_600_000),
    });
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  const m = mailTexts(languageOf(user, language));
  const hours = RESET_LINK_TTL_HOURS;
  await deps.mailer.send({
    kind: 'password-reset',
    to: user.email,
    subject: m.reset.subject,
    text: [m.hi(user.firstName), '', m.reset.intro, m.reset.open(hours), '', link, '', m.reset.ignore].join('\n'),
    html: `<p>${m.hi(escapeHtml(user.firstName))}</p><p>${m.reset.intro}</p><p><a href="${link}">${m.reset.linkLabel}</a> ${m.reset.linkNote(hours)}</p><p>${m.reset.ignore}</p>`,
  });
}

/** Sets a new password from a reset link; the link dies and every session ends. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  assertPasswordNotCommon(newPassword, 'new_password');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, hashToken(token));
    if (!userId) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
    // The link proved the mailbox: a guest's unclaimed account is claimed by it too (decision 0046).
    const user = await updateUser(tx, userId, { passwordHash, emailVerified: true, unclaimedSince: null });
    await bumpTokenVersion(tx, userId);
    await revokeAllSessions(tx, userId);
    // The owner proved control of the mailbox: lift the failed-sign-in lock.
    if (user) await deleteFailedLoginsForEmail(tx, user.email);
  });
}
