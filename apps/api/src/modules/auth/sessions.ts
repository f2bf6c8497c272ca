import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { findUserById, type UserRow } from '../users/repository';
import {
  findRefreshTokenOwner,
  insertRefreshToken,
  lockRefreshTokenByHash,
  markRefreshTokenUsed,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokens,
  revokeUserRefreshTokensExceptFamily,
} from './repository';

/** Sign-in sessions: a short-lived access token plus a rotating refresh token (httpOnly cookie). */

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

const SESSION_ENDED = 'Your session has expired. Please sign in again.';

/** Opens a new session family for a user (sign-in, registration, password change). */
export async function startSession(
  deps: AppDeps,
  user: UserRow,
  userAgent: string | undefined,
  db: DbOrTx = deps.db,
): Promise<SessionTokens> {
  return issueTokens(deps, user, randomUUID(), userAgent, db);
}

async function issueTokens(
  deps: AppDeps,
  user: UserRow,
  familyId: string,
  userAgent: string | undefined,
  db: DbOrTx,
): Promise<SessionTokens> {
  const refreshToken = createOpaqueToken();
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt,
    userAgent: userAgent?.slice(0, 300),
  });
  const accessToken = await deps.accessTokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
  return { accessToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new pair. A token used twice means it leaked:
 * the whole family is revoked and both holders must sign in again.
 */
export async function rotateSession(
  deps: AppDeps,
  presented: string | undefined,
  userAgent: string | undefined,
): Promise<{ user: UserRow } & SessionTokens> {
  if (!presented) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const outcome = await deps.db.transaction(async (tx) => {
    const token = await lockRefreshTokenByHash(tx, hashToken(presented));
    if (!token) return { kind: 'unknown' as const };
    if (token.usedAt || token.revokedAt) {
      await revokeRefreshTokenFamily(tx, token.familyId);
      return { kind: 'reused' as const };
    }
    if (token.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
    const user = await findUserById(tx, token.userId);
    if (!user?.isActive) return { kind: 'inactive' as const };
    await markRefreshTokenUsed(tx, token.id);
    const tokens = await issueTokens(deps, user, token.familyId, userAgent, tx);
    return { kind: 'rotated' as const, user, ...tokens };
  });
  if (outcome.kind !== 'rotated') throw new AppError('UNAUTHORIZED', SESSION_ENDED);
  return outcome;
}

/** Signs out the session the refresh token belongs to. Unknown tokens are ignored. */
export async function endSession(db: DbOrTx, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const token = await findRefreshTokenOwner(db, hashToken(presented));
  if (token) await revokeRefreshTokenFamily(db, token.familyId);
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await revokeUserRefreshTokens(db, userId);
}

/** The session family a refresh token belongs to, if it is this user's (rate limits, 2FA switch-on). */
export async function currentFamily(db: DbOrTx, userId: string | null, presented: string | undefined): Promise<string | null> {
  if (!presented) return null;
  const token = await findRefreshTokenOwner(db, hashToken(presented));
  if (!token || (userId !== null && token.userId !== userId)) return null;
  return token.familyId;
}

/** Ends every session of a user except `keepFamily` (null: all of them). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepFamily: string | null): Promise<void> {
  if (!keepFamily) return revokeAllSessions(db, userId);
  await revokeUserRefreshTokensExceptFamily(db, userId, keepFamily);
}
