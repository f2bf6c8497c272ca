import { and, count, eq, gt, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { failedLogins, passwordResetTokens, refreshTokens, users } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// Refresh tokens: one row per token, grouped in families (one sign-in and its rotations).

export async function insertRefreshToken(
  db: DbOrTx,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; userAgent: string | undefined },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** Locks the token's row until the transaction ends (FOR UPDATE). */
export async function lockRefreshTokenByHash(tx: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return token;
}

export async function findRefreshTokenOwner(db: DbOrTx, tokenHash: string) {
  const [token] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return token;
}

export async function markRefreshTokenUsed(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export async function revokeUserRefreshTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokensExceptFamily(db: DbOrTx, userId: string, keepFamily: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepFamily)));
}

export async function revokeRefreshTokenFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

// Failed sign-ins.

/** How many failures this address had from this IP since `since`, and when the last was. */
export async function countFailuresFromIp(db: DbOrTx, email: string, ip: string, since: Date) {
  const [mine] = await db
    .select({ failures: count(), last: max(failedLogins.attemptedAt) })
    .from(failedLogins)
    .where(and(eq(failedLogins.email, email), eq(failedLogins.ip, ip), gt(failedLogins.attemptedAt, since)));
  return { failures: mine?.failures ?? 0, last: mine?.last ?? null };
}

/** How many failures this address had from anywhere since `since`. */
export async function countFailuresForEmail(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [everyone] = await db
    .select({ failures: count() })
    .from(failedLogins)
    .where(and(eq(failedLogins.email, email), gt(failedLogins.attemptedAt, since)));
  return everyone?.failures ?? 0;
}

export async function insertFailedLogin(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(failedLogins).values({ email, ip });
}

export async function deleteFailedLoginsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(failedLogins).where(lt(failedLogins.attemptedAt, before));
}

export async function deleteFailedLoginsFromIp(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.delete(failedLogins).where(and(eq(failedLogins.email, email), eq(failedLogins.ip, ip)));
}

export async function deleteFailedLoginsForEmail(db: DbOrTx, email: string): Promise<void> {
  await db.delete(failedLogins).where(eq(failedLogins.email, email));
}

/** Serialises attempts on one key until the transaction ends (pg_advisory_xact_lock). */
export async function lockAdvisoryKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

// Password reset links.

/** Kills every unused reset link of the user. */
export async function expireUserResetTokens(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(tx: DbOrTx, token: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await tx.insert(passwordResetTokens).values(token);
}

/** Uses up an unused, unexpired reset link in one conditional update; answers its user, or undefined. */
export async function claimResetToken(tx: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId;
}

// Authenticator codes.

/**
 * Records the code's time step as used, atomically: only if no later or equal step was used
 * before, so two requests racing with the same code cannot both win.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const [claimed] = await db
    .update(users)
    .set({ totpLastStep: step, totpFailures: 0, totpLastFailureAt: null })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed !== undefined;
}

export async function recordTotpFailure(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ totpFailures: sql`${users.totpFailures} + 1`, totpLastFailureAt: new Date() })
    .where(eq(users.id, userId));
}
