/**
 * Every route of the storefront's router, with who visits it and the real address to open. The
 * accessibility journey walks this list (axe, and the width check of widths.ts on the same visit);
 * src/app/route-plan.test.ts fails when the router has a route that is missing here, so a new page
 * cannot skip either check.
 */

export type Visitor = 'visitor' | 'buyer' | 'seller' | 'admin' | 'simple_admin';

/** Real ids from the running app's data (seeded, or made by the journey before it starts). */
export interface RouteIds {
  product: string;
  thread: string;
  simpleAdminProduct: string;
  /** A seller with public products. */
  seller: string;
  /** Two public product ids, comma-separated (`/compare?ids=`). */
  compared: string;
}

export interface PlannedVisit {
  /** The route as the router spells it (full path, `/*` for the not-found page). */
  pattern: string;
  as: Visitor;
  path: (ids: RouteIds) => string;
}

const at =
  (path: string) =>
  (_ids: RouteIds): string =>
    path;

export const ROUTE_PLAN: PlannedVisit[] = [
  // Public pages, as a visitor.
  { pattern: '/', as: 'visitor', path: at('/') },
  { pattern: '/products', as: 'visitor', path: at('/products') },
  { pattern: '/products/:id', as: 'visitor', path: (ids) => `/products/${ids.product}` },
  { pattern: '/product/:id', as: 'visitor', path: (ids) => `/product/${ids.product}` },
  { pattern: '/cart', as: 'visitor', path: at('/cart') },
  // Guest checkout (decision 0046): the form for a product, an order page without its token, the claim form.
  { pattern: '/guest-checkout', as: 'visitor', path: (ids) => `/guest-checkout?product=${ids.product}` },
  { pattern: '/guest/orders/:id', as: 'visitor', path: at('/guest/orders/00000000-0000-4000-8000-000000000000') },
  { pattern: '/sellers/:id/:slug?', as: 'visitor', path: (ids) => `/sellers/${ids.seller}` },
  { pattern: '/compare', as: 'visitor', path: (ids) => `/compare?ids=${ids.compared}` },
  { pattern: '/about', as: 'visitor', path: at('/about') },
  { pattern: '/contact', as: 'visitor', path: at('/contact') },
  { pattern: '/privacy', as: 'visitor', path: at('/privacy') },
  { pattern: '/terms', as: 'visitor', path: at('/terms') },
  { pattern: '/community', as: 'visitor', path: at('/community') },
  { pattern: '/community/threads/:id', as: 'visitor', path: (ids) => `/community/threads/${ids.thread}` },
  { pattern: '/ai-pool', as: 'visitor', path: at('/ai-pool') },
  { pattern: '/newsletter/confirm', as: 'visitor', path: at('/newsletter/confirm?token=not-a-real-token') },
  { pattern: '/newsletter/unsubscribe', as: 'visitor', path: at('/newsletter/unsubscribe?token=not-a-real-token') },
  { pattern: '/product-updates/unsubscribe', as: 'visitor', path: at('/product-updates/unsubscribe?token=not-a-real-token') },
  { pattern: '/login', as: 'visitor', path: at('/login') },
  { pattern: '/register', as: 'visitor', path: at('/register') },
  { pattern: '/forgot-password', as: 'visitor', path: at('/forgot-password') },
  { pattern: '/reset-password', as: 'visitor', path: at('/reset-password?token=not-a-real-token') },
  { pattern: '/claim-account', as: 'visitor', path: at('/claim-account?token=not-a-real-token') },
  { pattern: '/admin/login', as: 'visitor', path: at('/admin/login') },
  { pattern: '/simple-admin/login', as: 'visitor', path: at('/simple-admin/login') },
  { pattern: '/*', as: 'visitor', path: at('/no-such-page') },

  // A buyer: the signed-in header (avatar, bell, cart) on public and own pages.
  { pattern: '/', as: 'buyer', path: at('/') },
  { pattern: '/products/:id', as: 'buyer', path: (ids) => `/products/${ids.product}` },
  { pattern: '/community/threads/:id', as: 'buyer', path: (ids) => `/community/threads/${ids.thread}` },
  { pattern: '/dashboard', as: 'buyer', path: at('/dashboard') },
  { pattern: '/profile', as: 'buyer', path: at('/profile') },
  { pattern: '/orders', as: 'buyer', path: at('/orders') },
  { pattern: '/wishlist', as: 'buyer', path: at('/wishlist') },
  { pattern: '/cart', as: 'buyer', path: at('/cart') },
  { pattern: '/checkout', as: 'buyer', path: at('/checkout') },
  { pattern: '/checkout/success', as: 'buyer', path: at('/checkout/success') },
  { pattern: '/affiliate', as: 'buyer', path: at('/affiliate') },
  { pattern: '/payments', as: 'buyer', path: at('/payments') },
  { pattern: '/seller', as: 'buyer', path: at('/seller') },

  // A seller with the demo catalogue: the products table and payouts.
  { pattern: '/seller', as: 'seller', path: at('/seller') },

  // An admin: the storefront with the admin's header, and the whole console.
  { pattern: '/', as: 'admin', path: at('/') },
  { pattern: '/products/:id', as: 'admin', path: (ids) => `/products/${ids.product}` },
  { pattern: '/debug-images', as: 'admin', path: at('/debug-images') },
  { pattern: '/admin', as: 'admin', path: at('/admin') },
  { pattern: '/admin/users', as: 'admin', path: at('/admin/users') },
  { pattern: '/admin/products', as: 'admin', path: at('/admin/products?status=all') },
  { pattern: '/admin/orders', as: 'admin', path: at('/admin/orders') },
  { pattern: '/admin/settings', as: 'admin', path: at('/admin/settings') },
  { pattern: '/admin/notifications', as: 'admin', path: at('/admin/notifications') },
  { pattern: '/admin/stats', as: 'admin', path: at('/admin/stats') },
  { pattern: '/admin/simple-admins', as: 'admin', path: at('/admin/simple-admins') },
  { pattern: '/admin/simple-admins-test', as: 'admin', path: at('/admin/simple-admins-test') },
  { pattern: '/admin/promo-codes', as: 'admin', path: at('/admin/promo-codes') },
  { pattern: '/admin/tax', as: 'admin', path: at('/admin/tax') },
  { pattern: '/admin/payments', as: 'admin', path: at('/admin/payments') },
  { pattern: '/admin/payments/transfers', as: 'admin', path: at('/admin/payments/transfers') },
  { pattern: '/admin/payments/bank-accounts', as: 'admin', path: at('/admin/payments/bank-accounts') },
  { pattern: '/admin/payments/settings', as: 'admin', path: at('/admin/payments/settings') },
  { pattern: '/admin/ai-pool', as: 'admin', path: at('/admin/ai-pool') },
  { pattern: '/admin/ai-pool/history', as: 'admin', path: at('/admin/ai-pool/history') },
  { pattern: '/admin/ai-pool/report', as: 'admin', path: at('/admin/ai-pool/report') },
  { pattern: '/admin/ai-pool/settings', as: 'admin', path: at('/admin/ai-pool/settings') },
  { pattern: '/admin/newsletter', as: 'admin', path: at('/admin/newsletter') },
  { pattern: '/admin/messages', as: 'admin', path: at('/admin/messages') },
  { pattern: '/admin/leads', as: 'admin', path: at('/admin/leads') },
  { pattern: '/admin/affiliates', as: 'admin', path: at('/admin/affiliates') },

  // A simple admin in their own area.
  { pattern: '/simple-admin', as: 'simple_admin', path: at('/simple-admin') },
  { pattern: '/simple-admin/products', as: 'simple_admin', path: at('/simple-admin/products') },
  { pattern: '/simple-admin/products/create', as: 'simple_admin', path: at('/simple-admin/products/create') },
  {
    pattern: '/simple-admin/products/:id/edit',
    as: 'simple_admin',
    path: (ids) => `/simple-admin/products/${ids.simpleAdminProduct}/edit`,
  },
];
