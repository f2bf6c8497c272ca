import { randomUUID } from 'node:crypto';
import {
  findCategory,
  findLicense,
  hasRole,
  PRODUCT_FILES_REQUIRED,
  productFormSchema,
  productUpdateSchema,
  type SellerStats,
} from '@app/shared';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ledgerEntries, orderItems, orders, productFiles, products } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { isUuid } from '../../lib/validation';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { type UserRow, updateUser } from '../users/repository';
import { discardUpload, receiveProductUpload } from './upload';

function parseForm<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  fields: Record<string, string>,
): T {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
    throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid product', errors);
  }
  return parsed.data;
}

/** A buyer accepts the seller terms and becomes a seller. */
export async function becomeSeller(deps: AppDeps, user: UserRow): Promise<UserRow> {
  if (hasRole(user.role, ['seller', 'admin', 'simple_admin'])) return user;
  const updated = await updateUser(deps.db, user.id, { role: 'seller' });
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

/**
 * Creates a product from a multipart form; it starts pending review. Files are streamed into
 * storage first; if validation or the insert fails they are deleted, so nothing is left behind.
 */
export async function createListedProduct(deps: AppDeps, owner: UserRow, request: FastifyRequest) {
  const productId = randomUUID();
  const upload = await receiveProductUpload(request, deps.storage, productId);
  try {
    const form = parseForm(productFormSchema, upload.fields);
    if (upload.files.length === 0) throw filesRequired();
    const product = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          id: productId,
          sellerId: owner.id,
          sellerName: `${owner.firstName} ${owner.lastName}`,
          title: form.title,
          shortDescription: form.short_description ?? '',
          description: form.description,
          priceCents: dollarsToCents(form.price),
          originalPriceCents: form.original_price === undefined ? null : dollarsToCents(form.original_price),
          category: findCategory(form.category)?.slug as string,
          license: findLicense(form.license)?.slug ?? 'standard',
          tags: form.tags ?? [],
          images: upload.images,
          demoVideoKey: upload.video,
          status: 'pending',
        })
        .returning();
      if (upload.files.length > 0) await tx.insert(productFiles).values(upload.files.map((file) => ({ ...file, productId })));
      return row as ProductRow;
    });
    return presentProduct(product);
  } catch (error) {
    await discardUpload(deps.storage, upload);
    throw error;
  }
}

function filesRequired(): AppError {
  return new AppError('VALIDATION_FAILED', PRODUCT_FILES_REQUIRED, [{ field: 'files', message: PRODUCT_FILES_REQUIRED }]);
}

/** One of the owner's own products (404 for anyone else's, or a deleted one). */
export async function requireOwnProduct(deps: AppDeps, owner: UserRow, productId: string): Promise<ProductRow> {
  const [product] = isUuid(productId)
    ? await deps.db
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, owner.id), isNull(products.deletedAt)))
    : [];
  if (!product) throw new AppError('NOT_FOUND', 'Product not found');
  return product as ProductRow;
}

/** Updates an own product; any change sends it back to pending review. New images replace the old; new files are added. */
export async function updateListedProduct(deps: AppDeps, owner: UserRow, productId: string, request: FastifyRequest) {
  const existing = await requireOwnProduct(deps, owner, productId);
  const upload = await receiveProductUpload(request, deps.storage, `${existing.id}-${Date.now().toString(36)}`);
  try {
    const form = parseForm(productUpdateSchema, upload.fields);
    const price = form.price === undefined ? existing.priceCents : dollarsToCents(form.price);
    const original = form.original_price === undefined ? existing.originalPriceCents : dollarsToCents(form.original_price);
    if (original !== null && original < price) {
      throw new AppError('VALIDATION_FAILED', 'Original price must not be lower than the price', [
        { field: 'original_price', message: 'Original price must not be lower than the price' },
      ]);
    }
    const updated = await deps.db.transaction(async (tx) => {
      // Resubmitting is submitting: the product must still have something to download.
      if (upload.files.length === 0) {
        const [kept] = await tx.select({ n: count() }).from(productFiles).where(eq(productFiles.productId, existing.id));
        if (!kept?.n) throw filesRequired();
      }
      const [row] = await tx
        .update(products)
        .set({
          ...(form.title !== undefined && { title: form.title }),
          ...(form.short_description !== undefined && { shortDescription: form.short_description }),
          ...(form.description !== undefined && { description: form.description }),
          ...(form.category !== undefined && { category: findCategory(form.category)?.slug as string }),
          ...(form.license !== undefined && { license: findLicense(form.license)?.slug ?? 'standard' }),
          ...(form.tags !== undefined && { tags: form.tags }),
          ...(upload.images.length > 0 && { images: upload.images }),
          ...(upload.video && { demoVideoKey: upload.video }),
          priceCents: price,
          originalPriceCents: original,
          status: 'pending',
          rejectionReason: null,
          featured: false,
        })
        .where(eq(products.id, existing.id))
        .returning();
      if (upload.files.length > 0)
        await tx.insert(productFiles).values(upload.files.map((file) => ({ ...file, productId: existing.id })));
      return row as ProductRow;
    });
    return presentProduct(updated);
  } catch (error) {
    await discardUpload(deps.storage, upload);
    throw error;
  }
}

/** Removes a product from sale. Its files stay, so buyers who paid keep their downloads. */
export async function deleteListedProduct(deps: AppDeps, owner: UserRow, productId: string): Promise<void> {
  const product = await requireOwnProduct(deps, owner, productId);
  await deps.db.update(products).set({ deletedAt: new Date(), featured: false }).where(eq(products.id, product.id));
}

export async function listOwnProducts(
  deps: AppDeps,
  owner: UserRow,
  query: { page: number; limit: number; status?: 'pending' | 'approved' | 'rejected'; query?: string },
) {
  const conditions: SQL[] = [eq(products.sellerId, owner.id), isNull(products.deletedAt)];
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.query)
    conditions.push(or(ilike(products.title, `%${query.query}%`), ilike(products.description, `%${query.query}%`)) as SQL);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({ product: products, paidUnits })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  const total = counted?.total ?? 0;
  // Each row's sales come from the paid orders, the same source as the dashboard's total.
  const items = rows.map((row) => presentProduct({ ...(row.product as ProductRow), salesCount: row.paidUnits }));
  return {
    products: items,
    data: items,
    total,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** Units of each listed product in paid orders (a refunded order no longer counts): what its sales figure shows. */
const paidUnits = sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i
    join ${orders} o on o.id = i.order_id
    where i.product_id = "products"."id" and o.payment_status = 'paid')`.mapWith(Number);

/** Spec §3 Seller stats, from the seller's own products and the ledger. */
export async function sellerStats(deps: AppDeps, owner: UserRow): Promise<SellerStats> {
  const [statuses] = await deps.db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${products.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${products.status} = 'approved')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${products.status} = 'rejected')`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.sellerId, owner.id), isNull(products.deletedAt)));
  const [revenue] = await deps.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, owner.id), eq(ledgerEntries.kind, 'seller')));
  const [sales] = await deps.db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, owner.id), eq(orders.paymentStatus, 'paid')));
  return {
    total_products: statuses?.total ?? 0,
    pending: statuses?.pending ?? 0,
    approved: statuses?.approved ?? 0,
    rejected: statuses?.rejected ?? 0,
    total_revenue: centsToDollars(revenue?.cents ?? 0),
    total_sales: sales?.units ?? 0,
  };
}

/** Daily sales and earnings for the seller's chart, by UTC day like every other chart (see statsOverTime). */
export async function sellerSalesSeries(deps: AppDeps, owner: UserRow, days: number) {
  const rows = await deps.db.execute<{ day: string; sales: number; revenue_cents: number }>(sql`
    with paid as (
      select (o.paid_at at time zone 'UTC')::date as day,
        (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id and i.seller_id = ${owner.id}) as units,
        (select coalesce(sum(l.amount_cents), 0) from ${ledgerEntries} l
          where l.order_id = o.id and l.seller_id = ${owner.id} and l.kind = 'seller') as cents
      from ${orders} o
      where o.payment_status = 'paid'
        and o.paid_at >= ((now() at time zone 'UTC')::date - (${days - 1})::int) at time zone 'UTC'
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(p.units), 0)::int as sales,
      coalesce(sum(p.cents), 0)::int as revenue_cents
    from generate_series((now() at time zone 'UTC')::date - (${days - 1})::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
    left join paid p on p.day = d.day::date
    group by d.day order by d.day`);
  return rows.rows.map((row) => ({
    date: row.day,
    sales: Number(row.sales),
    revenue: centsToDollars(Number(row.revenue_cents)),
  }));
}
