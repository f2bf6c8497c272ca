import { blankToUndefined, emailField, passwordField } from '@app/shared';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { products, users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUuid } from '../../lib/validation';
import { assertPasswordNotCommon } from '../auth/service';
import { revokeAllSessions } from '../auth/sessions';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { presentUser } from '../users/present';
import { bumpTokenVersion, insertUser, type UserRow } from '../users/repository';
import { deleteAccount } from '../users/service';

export const createSimpleAdminSchema = z.object({
  email: emailField(),
  password: passwordField,
  first_name: z.string().trim().min(2).max(100).default('Simple'),
  last_name: z.string().trim().min(2).max(100).default('Admin'),
});

export const updateSimpleAdminSchema = z.object({
  email: emailField().optional(),
  password: passwordField.optional(),
  first_name: z.string().trim().min(2).max(100).optional(),
  last_name: z.string().trim().min(2).max(100).optional(),
  is_active: z.boolean().optional(),
});

export const skipLimitQuery = z.object({
  skip: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).default(0)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(20)),
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'rejected']).optional()),
});

function presentSimpleAdmin(user: UserRow) {
  return { ...presentUser(user), is_active: user.isActive };
}

async function requireSimpleAdmin(deps: AppDeps, id: string): Promise<UserRow> {
  const [row] = isUuid(id)
    ? await deps.db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'simple_admin'), isNull(users.deletedAt)))
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'Simple admin not found');
  return row;
}

export async function listSimpleAdmins(deps: AppDeps) {
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'simple_admin'), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt));
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
    const [row] = await tx
      .update(users)
      .set({
        ...(input.email && { email: input.email }),
        ...(input.first_name && { firstName: input.first_name }),
        ...(input.last_name && { lastName: input.last_name }),
        ...(passwordHash && { passwordHash }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
      })
      .where(eq(users.id, target.id))
      .returning()
      .catch((error: { cause?: { code?: string }; code?: string }) => {
        if ((error.cause?.code ?? error.code) === '23505')
          throw new AppError('CONFLICT', 'An account with this email already exists');
        throw error;
      });
    if (passwordHash || input.is_active === false) {
      await revokeAllSessions(tx, target.id);
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
  const conditions: SQL[] = [eq(products.sellerId, ownerId), isNull(products.deletedAt)];
  if (query.status) conditions.push(eq(products.status, query.status));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    deps.db.select().from(products).where(where).orderBy(desc(products.createdAt)).limit(query.limit).offset(query.skip),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    products: (rows as ProductRow[]).map(presentProduct),
    total: counted?.total ?? 0,
    skip: query.skip,
    limit: query.limit,
  };
}
