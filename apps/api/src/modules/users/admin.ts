import {
  type adminUserUpdateSchema,
  blankToUndefined,
  hasRole,
  normalizeRole,
  pagingQueryFields,
  ROLES,
  STANDARD_PAGING,
} from '@app/shared';
import { z } from 'zod';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import { revokeUserRefreshTokens } from '../auth/repository';
import { touchSellerProducts } from '../products/repository';
import { presentUser } from './present';
import { bumpTokenVersion, findUserById, listUserPage, type UserRow, updateUser } from './repository';

export const adminUsersQuery = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  role: z.preprocess(blankToUndefined, z.enum([...ROLES, 'user']).optional()),
  ...pagingQueryFields(STANDARD_PAGING),
});

export async function listUsers(deps: AppDeps, query: z.output<typeof adminUsersQuery>) {
  const { rows, total } = await listUserPage(
    deps.db,
    { role: query.role ? (normalizeRole(query.role) as string) : undefined, search: query.search },
    { limit: query.limit, offset: pageOffset(query) },
  );
  return pagedList('users', rows.map(presentUser), total, query);
}

/**
 * Changes a user's role or suspends (reinstates) them. Admins cannot demote or suspend themselves; a
 * suspension ends every session at once, hides a seller's products from the public and holds their
 * payouts until they are reinstated.
 */
export async function updateUserByAdmin(
  deps: AppDeps,
  admin: UserRow,
  userId: string,
  input: z.output<typeof adminUserUpdateSchema>,
) {
  const target = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  if (target.id === admin.id && ((input.role && !hasRole(input.role, ['admin'])) || input.is_active === false)) {
    throw new AppError('FORBIDDEN', 'You cannot demote or suspend your own account');
  }
  const role = input.role ? (normalizeRole(input.role) as string) : target.role;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { role, ...(input.is_active !== undefined && { isActive: input.is_active }) });
    if (input.is_active === false || role !== target.role) {
      await revokeUserRefreshTokens(tx, target.id);
      await bumpTokenVersion(tx, target.id);
    }
    if (input.is_active !== undefined && input.is_active !== target.isActive) {
      // Their products leave (or rejoin) the public catalogue: the search index re-reads them.
      await touchSellerProducts(tx, target.id);
      await recordAudit(tx, {
        actorId: admin.id,
        action: input.is_active ? 'user.reinstated' : 'user.suspended',
        subjectType: 'user',
        subjectId: target.id,
        details: { role },
      });
    }
    return row as UserRow;
  });
  return { message: 'User updated', user: presentUser(updated) };
}
