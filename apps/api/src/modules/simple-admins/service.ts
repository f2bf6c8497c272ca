import {
  blankToUndefined,
  emailField,
  pagingQueryFields,
  passwordField,
  STANDARD_PAGING,
  type updateSimpleAdminSchema,
} from '@app/shared';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { isUuid } from '../../lib/validation';
import { revokeUserRefreshTokens } from '../auth/repository';
import { assertPasswordNotCommon } from '../auth/service';
import { presentProduct } from '../catalog/present';
import { listSellerProducts } from '../products/repository';
import { presentUser } from '../users/present';
import { bumpTokenVersion, insertUser, type UserRow } from '../users/repository';
import { deleteAccount } from '../users/service';
import { findSimpleAdmin, listSimpleAdminRows, updateSimpleAdminRow } from './repository';

export const createSimpleAdminSchema = z.object({
  email: emailField(),
  password: passwordField,
  first_name: z.string().trim().min(2).max(100).default('Simple'),
  last_name: z.string().trim().min(2).max(100).default('Admin'),
});

/** Spec §7 pages these lists with skip and limit; `page` works too, and `skip` wins when both are sent. */
export const skipLimitQuery = z.object({
  skip: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  ...pagingQueryFields(STANDARD_PAGING),
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'rejected']).optional()),
});

function presentSimpleAdmin(user: UserRow) {
  return { ...presentUser(user), is_active: user.isActive };
}

async function requireSimpleAdmin(deps: AppDeps, id: string): Promise<UserRow> {
  const row = isUuid(id) ? await findSimpleAdmin(deps.db, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Simple admin not found');
  return row;
}

export async function listSimpleAdmins(deps: AppDeps) {
  const rows = await listSimpleAdminRows(deps.db);
  return { simple_admins: rows.map(presentSimpleAdmin), total: rows.length };
}

export async function createSimpleAdmin(deps: AppDeps, input: z.output<typeof createSimpleAdminSchema>) {
  assertPasswordNotCommon(input.password);
  const created = await insertUser(deps.db, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'simple_admin',
    passwordHash: await hashPassword(input.password),
    emailVerified: true,
  });
  if (!created) throw new AppError('CONFLICT', 'An account with this email already exists');
  return { message: 'Simple admin created', simple_admin: presentSimpleAdmin(created) };
}

export async function updateSimpleAdmin(deps: AppDeps, id: string, input: z.output<typeof updateSimpleAdminSchema>) {
  const target = await requireSimpleAdmin(deps, id);
  if (input.password) assertPasswordNotCommon(input.password);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateSimpleAdminRow(tx, target.id, {
      ...(input.email && { email: input.email }),
      ...(input.first_name && { firstName: input.first_name }),
      ...(input.last_name && { lastName: input.last_name }),
      ...(passwordHash && { passwordHash }),
      ...(input.is_active !== undefined && { isActive: input.is_active }),
    }).catch((error: { cause?: { code?: string }; code?: string }) => {
      if ((error.cause?.code ?? error.code) === '23505')
        throw new AppError('CONFLICT', 'An account with this email already exists');
      throw error;
    });
    if (passwordHash || input.is_active === false) {
      await revokeUserRefreshTokens(tx, target.id);
      await bumpTokenVersion(tx, target.id);
    }
    return row as UserRow;
  });
  return { message: 'Simple admin updated', simple_admin: presentSimpleAdmin(updated) };
}

export async function deleteSimpleAdmin(deps: AppDeps, id: string) {
  const target = await requireSimpleAdmin(deps, id);
  await deleteAccount(deps, target);
  return { message: 'Simple admin removed' };
}

/** Products of one simple admin, for the super admin's review. */
export async function simpleAdminProducts(deps: AppDeps, ownerId: string, query: z.output<typeof skipLimitQuery>) {
  const skip = query.skip ?? pageOffset(query);
  const { rows, total } = await listSellerProducts(
    deps.db,
    ownerId,
    { status: query.status },
    { limit: query.limit, offset: skip },
  );
  const page = Math.floor(skip / query.limit) + 1;
  return { ...pagedList('products', rows.map(presentProduct), total, { page, limit: query.limit }), skip, limit: query.limit };
}
