import type { OwnProduct, PublicProduct } from '@app/shared';
import { json, type MockHandler } from './api-mock';

/** A product as the seller, admin and simple-admin routes return it. */
export function makeProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  const title = overrides.title ?? 'Prompt Toolkit';
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title,
    name: title,
    short_description: 'Prompts for busy people',
    description: 'A toolkit of prompts that helps busy people write faster.',
    price: 19.99,
    pay_what_you_want: false,
    suggested_price: null,
    original_price: null,
    originalPrice: null,
    images: [],
    image: null,
    image_url: null,
    seller: 'Sam Seller',
    seller_name: 'Sam Seller',
    seller_id: 'seller-1',
    category: 'AI Tools',
    category_slug: 'ai-tools',
    license: 'Standard',
    license_type: 'Standard',
    status: 'pending',
    featured: false,
    rejection_reason: null,
    rating: 0,
    review_count: 0,
    sales_count: 0,
    tags: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const sellerStats = { total_products: 0, pending: 0, approved: 0, rejected: 0, total_revenue: 0, total_sales: 0 };

/** What the seller dashboard reads on arrival: stats, the 30-day chart and the product list. */
/** A seller's own product: the public one plus its scanned files (none unless given). */
export function makeOwnProduct(overrides: Partial<OwnProduct> = {}): OwnProduct {
  return { ...makeProduct(overrides), files: overrides.files ?? [] };
}

export function sellerHandlers(products: PublicProduct[] = [], stats = sellerStats): Record<string, MockHandler> {
  const own = products.map((product) => ({ files: [], ...product }));
  return {
    'GET /api/v1/seller/dashboard/stats': () => json(200, { ...stats, data: stats }),
    'GET /api/v1/seller/dashboard/sales': () =>
      json(200, {
        series: Array.from({ length: 30 }, (_, index) => ({
          date: `2026-10-${String(index + 1).padStart(2, '0')}`,
          sales: index === 29 ? 1 : 0,
          revenue: index === 29 ? 19.99 : 0,
        })),
      }),
    'GET /api/v1/seller/products': () =>
      json(200, {
        products: own,
        data: own,
        total: products.length,
        pagination: { page: 1, limit: 10, total: products.length, pages: products.length ? 1 : 0 },
      }),
    ...payoutHandlers(),
    // The dashboard's "Your seller page" form starts from the public page (the session's user is user-1).
    'GET /api/v1/sellers/user-1': () =>
      json(200, {
        id: 'user-1',
        name: 'Sam Seller',
        slug: 'sam-seller',
        avatar: null,
        bio: '',
        links: [],
        member_since: '2026-01-01T00:00:00.000Z',
        product_count: products.length,
        sales_count: 1,
        average_rating: 0,
        review_count: 0,
      }),
  };
}

/** The seller dashboard's Payouts section: a seller with one held sale and no payout account yet. */
export function payoutHandlers(): Record<string, MockHandler> {
  return {
    'GET /api/v1/seller/payouts/balance': () =>
      json(200, {
        pending: 15.99,
        held: 0,
        held_reason: null,
        available: 0,
        in_transit: 0,
        paid_out: 0,
        hold_days: 30,
        minimum_payout: 25,
        next_release_at: '2026-12-01T10:00:00.000Z',
        currency: 'usd',
      }),
    'GET /api/v1/seller/payouts': () => json(200, { payouts: [], total: 0, page: 1, pages: 1 }),
    'GET /api/v1/seller/payouts/statement': () =>
      json(200, {
        lines: [
          {
            date: '2026-11-01T10:00:00.000Z',
            type: 'sale',
            reference: 'ORD-1001',
            description: 'Prompt Kit',
            amount: 15.99,
            available_on: '2026-12-01T10:00:00.000Z',
            status: 'pending',
          },
        ],
      }),
    'GET /api/v1/seller/payout-account': () => json(200, { account: null }),
  };
}

export const adminDashboardStats = {
  total_users: 12,
  total_buyers: 9,
  total_sellers: 2,
  new_users_this_week: 3,
  total_products: 8,
  pending_products: 2,
  approved_products: 5,
  rejected_products: 1,
  total_orders: 4,
  paid_orders: 3,
  total_revenue: 120.5,
  ai_pool_total: 12.05,
  pending_refunds: 1,
};

/** The admin dashboard's one call. */
export function adminDashboardHandlers(): Record<string, MockHandler> {
  return { 'GET /api/v1/admin/dashboard/stats': () => json(200, adminDashboardStats) };
}
