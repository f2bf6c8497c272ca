import { z } from 'zod';
import { moneySchema } from './api';
import { emailField, passwordField, publicUserSchema } from './auth';
import { publicProductSchema } from './catalog';
import { orderSchema } from './orders';
import { pagedListSchema } from './paging';
import { ROLES } from './roles';
import { scannedFileSchema } from './scans';

/** The admin console's answers (spec §7 Admin). */

/** GET /admin/system-status: the console footer's figures, measured (not placeholders). */
export const adminSystemStatusSchema = z.object({
  started_at: z.string(),
  uptime_seconds: z.number(),
  users_online: z.number(),
  online_window_minutes: z.number(),
});
export type AdminSystemStatus = z.output<typeof adminSystemStatusSchema>;

export const adminDashboardStatsSchema = z.object({
  total_users: z.number(),
  total_buyers: z.number(),
  total_sellers: z.number(),
  new_users_this_week: z.number(),
  total_products: z.number(),
  pending_products: z.number(),
  approved_products: z.number(),
  rejected_products: z.number(),
  total_orders: z.number(),
  paid_orders: z.number(),
  total_revenue: moneySchema,
  ai_pool_total: moneySchema,
  pending_refunds: z.number(),
});
export type AdminDashboardStats = z.output<typeof adminDashboardStatsSchema>;

export const adminStatsOverTimeSchema = z.object({
  series: z.array(z.object({ date: z.string(), revenue: moneySchema, orders: z.number(), new_users: z.number() })),
  top_products: z.array(z.object({ product_id: z.string(), title: z.string(), units: z.number(), revenue: moneySchema })),
});
export type AdminStatsOverTime = z.output<typeof adminStatsOverTimeSchema>;

/** A product in the moderation queue: `blocked_by_scan` when a file failed the safety scan (Approve is refused). */
export const adminProductListItemSchema = publicProductSchema.extend({ blocked_by_scan: z.boolean() });
export type AdminProductListItem = z.output<typeof adminProductListItemSchema>;

export const adminProductListSchema = pagedListSchema('products', adminProductListItemSchema).extend({
  stats: z.object({ pending: z.number(), approved: z.number(), rejected: z.number(), total: z.number() }),
});
export type AdminProductList = z.output<typeof adminProductListSchema>;

/** A file a buyer would download, as the admin sees it before approving (no link: a name, a type, a size and its safety scan). */
export const adminProductFileSchema = scannedFileSchema;
export type AdminProductFile = z.output<typeof adminProductFileSchema>;

/** GET /admin/products/{id}: everything the admin reviews before approving, files included. */
export const adminProductReviewSchema = publicProductSchema.extend({ files: z.array(adminProductFileSchema) });
export type AdminProductReview = z.output<typeof adminProductReviewSchema>;

/** POST /admin/products/{id}/files/{fileId}/link: a short-lived signed link to open one file under review. */
export const adminReviewFileLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type AdminReviewFileLink = z.output<typeof adminReviewFileLinkSchema>;

/** Approve, reject and feature answer with a message and the product as it is now. */
export const adminProductChangeSchema = z.object({ message: z.string(), product: publicProductSchema });
/** POST /admin/products/bulk-update: all or nothing. */
export const bulkUpdateSchema = z.object({
  product_ids: z
    .array(z.uuid({ error: 'Invalid product id' }))
    .min(1, 'Choose at least one product')
    .max(200),
  updates: z
    .object({
      status: z.enum(['pending', 'approved', 'rejected']).optional(),
      featured: z.boolean().optional(),
      rejection_reason: z.string().trim().max(1000).optional(),
    })
    .refine((u) => u.status !== 'rejected' || (u.rejection_reason && u.rejection_reason.length >= 5), {
      path: ['rejection_reason'],
      message: 'A reason is required to reject a product (at least 5 characters)',
    }),
});
export type BulkUpdate = z.input<typeof bulkUpdateSchema>;
export const bulkUpdateResultSchema = z.object({ message: z.string(), updated: z.number() });
export type BulkUpdateResult = z.output<typeof bulkUpdateResultSchema>;

export const adminUserListSchema = pagedListSchema('users', publicUserSchema);
export type AdminUserList = z.output<typeof adminUserListSchema>;
/** PUT /admin/users/{id}: a new role or a suspension. */
export const adminUserUpdateSchema = z.object({
  role: z.enum([...ROLES, 'user'], { error: 'Unknown role' }).optional(),
  is_active: z.boolean().optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
export const adminUserChangeSchema = z.object({ message: z.string(), user: publicUserSchema });

export const adminOrderSchema = z.object({ ...orderSchema.shape, customer_email: z.string().nullable(), user_id: z.string() });
export type AdminOrder = z.output<typeof adminOrderSchema>;
export const adminOrderListSchema = pagedListSchema('orders', adminOrderSchema);
export type AdminOrderList = z.output<typeof adminOrderListSchema>;
export const adminOrderDetailSchema = z.object({
  ...orderSchema.shape,
  customer_email: z.string().nullable(),
  customer: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type AdminOrderDetail = z.output<typeof adminOrderDetailSchema>;

/** PUT /admin/orders/{id}/refund. */
export const refundDecisionSchema = z.object({
  decision: z.enum(['approve', 'deny'], { error: 'Decision must be approve or deny' }),
  note: z.string().trim().max(1000).optional(),
});
export type RefundDecision = z.input<typeof refundDecisionSchema>;

/** PUT /super-admin/simple-admins/{id}: any of the fields. */
export const updateSimpleAdminSchema = z.object({
  email: emailField().optional(),
  password: passwordField.optional(),
  first_name: z.string().trim().min(2).max(100).optional(),
  last_name: z.string().trim().min(2).max(100).optional(),
  is_active: z.boolean().optional(),
});
export type SimpleAdminUpdate = z.input<typeof updateSimpleAdminSchema>;

export const announcementSentSchema = z.object({ message: z.string(), sent: z.number() });
