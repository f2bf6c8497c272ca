import { randomUUID } from 'node:crypto';
import { AVATAR_IMAGE_TYPES, type UpdateProfileRequest } from '@app/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { revokeUserRefreshTokens } from '../auth/repository';
import { bumpTokenVersion, findUserByEmail, insertUser, type NewUser, type UserRow, updateUser } from './repository';

export { languageOf, languageOfAddress, requestLanguage } from './preferences';
export type { UserRow };

/**
 * The account with this email, created verified if there is none (the demo seed and the bootstrap
 * admin). The password is hashed only for a new account; `user` is undefined if a concurrent insert
 * took the email first.
 */
export async function ensureVerifiedAccount(
  db: DbOrTx,
  account: Pick<NewUser, 'email' | 'firstName' | 'lastName' | 'role'>,
  hashNewPassword: () => Promise<string>,
): Promise<{ user: UserRow | undefined; created: boolean }> {
  const existing = await findUserByEmail(db, account.email);
  if (existing) return { user: existing, created: false };
  const user = await insertUser(db, { ...account, passwordHash: await hashNewPassword(), emailVerified: true });
  return { user, created: Boolean(user) };
}

/** Updates the caller's own profile fields. */
export async function updateProfile(deps: AppDeps, user: UserRow, input: UpdateProfileRequest): Promise<UserRow> {
  const updated = await updateUser(deps.db, user.id, {
    ...(input.first_name !== undefined && { firstName: input.first_name }),
    ...(input.last_name !== undefined && { lastName: input.last_name }),
    ...(input.newsletter_subscribed !== undefined && { newsletterSubscribed: input.newsletter_subscribed }),
  });
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

const INVALID_IMAGE = 'Please select a valid image file';

/** Stores a new avatar after checking its bytes (not its name) are a supported image. */
export async function replaceAvatar(deps: AppDeps, user: UserRow, data: Buffer): Promise<UserRow> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !(AVATAR_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError('VALIDATION_FAILED', INVALID_IMAGE, [{ field: 'file', message: INVALID_IMAGE }]);
  }
  const key = `avatars/${user.id}-${randomUUID()}.${detected.ext}`;
  await deps.storage.put(key, data);
  // A new picture no row points to is removed again, so a failed change leaves nothing behind.
  const updated = await updateUser(deps.db, user.id, { avatarKey: key }).catch(async (error: unknown) => {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  });
  if (!updated) {
    await deps.storage.delete(key).catch(() => {});
    throw new AppError('NOT_FOUND', 'User not found');
  }
  if (user.avatarKey) await deps.storage.delete(user.avatarKey).catch(() => {});
  return updated;
}

/**
 * Deletes the caller's account: personal data is erased and every session ends. The row stays,
 * anonymised, so records that must be kept (orders, per the legal text) keep their reference.
 */
export async function deleteAccount(deps: AppDeps, user: UserRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeUserRefreshTokens(tx, user.id);
    await bumpTokenVersion(tx, user.id);
    await updateUser(tx, user.id, {
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'User',
      passwordHash: null,
      googleSubject: null,
      avatarKey: null,
      pictureUrl: null,
      newsletterSubscribed: false,
      isActive: false,
      totpSecret: null,
      totpEnabled: false,
      preferences: null,
      deletedAt: new Date(),
    });
  });
  if (user.avatarKey) await deps.storage.delete(user.avatarKey).catch(() => {});
}
