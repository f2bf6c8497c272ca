import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '@/features/home/pages/home-page';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { pathOf } from '@/lib/redirect';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { AppErrorScreen } from './routes/app-error-screen';

type Preloadable = ComponentType & { preload?: () => Promise<void> };

/**
 * A route element loaded on first visit, so `/` only downloads the shell and the home page. Its
 * code can be loaded ahead (`preloadRoute`): a page loaded before its route first renders is shown
 * at once, with no loading screen in between (the first render replaces the page the server sent).
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ReactElement {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  function Page() {
    // Decided once per mount: switching from Lazy to the loaded component would remount the page.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : <Lazy />;
  }
  const preloadable: Preloadable = Object.assign(Page, { preload });
  return createElement(preloadable);
}

/**
 * Loads the code of the pages the router's location shows (before the first render, so it needs no
 * fallback). It reads the matches the router made as it started rather than matching the route table again.
 */
export function preloadRoute(router: Pick<ReturnType<typeof createBrowserRouter>, 'state'>): Promise<unknown> {
  return Promise.allSettled(
    router.state.matches.map((match) =>
      ((match.route.element as ReactElement | undefined)?.type as Preloadable | undefined)?.preload?.(),
    ),
  );
}

/** The guard of the signed-in pages, loaded with the first of them (not on the public pages). */
const ProtectedRoute = lazy(async () => ({
  default: (await import('@/features/auth/components/protected-route')).ProtectedRoute,
}));

const auth = () => import('@/features/auth/pages');
const admin = () => import('@/features/admin/pages/admin-pages');
const payoutsAdmin = () => import('@/features/payouts/pages/admin-payout-pages');
const simpleAdmin = () => import('@/features/simple-admin/pages/simple-admin-pages');
const content = () => import('@/features/content/pages');
// The legal texts are a bundle of their own, loaded with the pages in the reader's language.
const legal = () =>
  import('@/features/legal/pages').then(async (module) => {
    await module.loadLegalTexts();
    return module;
  });
const contact = () => import('@/features/contact/pages');
const products = () => import('@/features/products/pages/product-detail-page');
const sellerPages = () => import('@/features/sellers/pages/seller-profile-page');
const aiPool = () => import('@/features/ai-pool/pages');
const newsletterLinks = () => import('@/features/newsletter/pages/newsletter-link-pages');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products', element: page(() => import('@/features/products/pages/products-page'), 'ProductsPage') },
          { path: 'products/:id', element: page(products, 'ProductDetailPage') },
          { path: 'product/:id', element: page(products, 'LegacyProductRedirect') },
          { path: 'cart', element: page(() => import('@/features/cart/pages/cart-page'), 'CartPage') },
          // Guest checkout (decision 0046): no account needed; the order page opens with the order's own token.
          {
            path: 'guest-checkout',
            element: page(() => import('@/features/checkout/pages/guest-checkout-page'), 'GuestCheckoutPage'),
          },
          {
            path: 'guest/orders/:id',
            element: page(() => import('@/features/checkout/pages/guest-order-page'), 'GuestOrderPage'),
          },
          { path: 'sellers/:id/:slug?', element: page(sellerPages, 'SellerProfilePage') },
          { path: 'compare', element: page(() => import('@/features/compare/pages/compare-page'), 'ComparePage') },
          { path: 'about', element: page(content, 'AboutPage') },
          { path: 'contact', element: page(contact, 'ContactPage') },
          { path: 'privacy', element: page(legal, 'PrivacyPage') },
          { path: 'terms', element: page(legal, 'TermsPage') },
          { path: 'community', element: page(() => import('@/features/community/pages/community-page'), 'CommunityPage') },
          { path: 'ai-pool', element: page(() => import('@/features/ai-pool/pages/public-pool-page'), 'PublicPoolPage') },
          {
            path: 'community/threads/:id',
            element: page(() => import('@/features/community/pages/thread-page'), 'ThreadPage'),
          },
          { path: 'newsletter/confirm', element: page(newsletterLinks, 'NewsletterConfirmPage') },
          { path: 'newsletter/unsubscribe', element: page(newsletterLinks, 'NewsletterUnsubscribePage') },
          {
            path: 'product-updates/unsubscribe',
            element: page(() => import('@/features/product-updates/pages/unsubscribe-page'), 'ProductUpdatesUnsubscribePage'),
          },
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'dashboard', element: page(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage') },
              { path: 'profile', element: page(() => import('@/features/profile/pages/profile-page'), 'ProfilePage') },
              { path: 'orders', element: page(() => import('@/features/orders/pages/orders-page'), 'OrdersPage') },
              { path: 'wishlist', element: page(() => import('@/features/wishlist/pages/wishlist-page'), 'WishlistPage') },
              { path: 'checkout', element: page(() => import('@/features/checkout/pages/checkout-page'), 'CheckoutPage') },
              { path: 'affiliate', element: page(() => import('@/features/affiliate/pages/affiliate-page'), 'AffiliatePage') },
              {
                path: 'payments',
                element: page(() => import('@/features/payment-reports/pages/payment-history-page'), 'PaymentHistoryPage'),
              },
            ],
          },
          {
            // Spec §2 Other: the images debug page, for admins; its API answers only outside production.
            element: <ProtectedRoute roles={['admin']} />,
            children: [
              {
                path: 'debug-images',
                element: page(() => import('@/features/debug/pages/debug-images-page'), 'DebugImagesPage'),
              },
            ],
          },
          {
            // Any signed-in user: a buyer is offered the seller terms there instead of Access Denied.
            element: <ProtectedRoute />,
            children: [{ path: 'seller', element: page(() => import('@/features/seller/pages/seller-page'), 'SellerPage') }],
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: page(auth, 'LoginPage') },
          { path: 'register', element: page(auth, 'RegisterPage') },
          { path: 'forgot-password', element: page(auth, 'ForgotPasswordPage') },
          { path: 'reset-password', element: page(auth, 'ResetPasswordPage') },
          { path: 'claim-account', element: page(auth, 'ClaimAccountPage') },
          { path: 'admin/login', element: page(auth, 'AdminLoginPage') },
        ],
      },
      {
        path: 'admin',
        element: <ProtectedRoute roles={['admin']} standalone />,
        children: [
          {
            element: page(() => import('./layouts/admin-layout'), 'AdminLayout'),
            children: [
              { index: true, element: page(admin, 'AdminHomePage') },
              { path: 'users', element: page(admin, 'AdminUsersPage') },
              { path: 'products', element: page(admin, 'AdminProductsPage') },
              { path: 'orders', element: page(admin, 'AdminOrdersPage') },
              { path: 'settings', element: page(admin, 'AdminSettingsPage') },
              { path: 'notifications', element: page(admin, 'AdminNotificationsPage') },
              { path: 'stats', element: page(admin, 'AdminStatsPage') },
              { path: 'simple-admins', element: page(admin, 'AdminSimpleAdminsPage') },
              { path: 'simple-admins-test', element: page(admin, 'AdminSimpleAdminsPage') },
              { path: 'promo-codes', element: page(admin, 'AdminPromoCodesPage') },
              { path: 'tax', element: page(admin, 'AdminTaxPage') },
              { path: 'payments/transfers', element: page(payoutsAdmin, 'AdminTransfersPage') },
              { path: 'payments/bank-accounts', element: page(payoutsAdmin, 'AdminBankAccountsPage') },
              { path: 'payments/settings', element: page(payoutsAdmin, 'AdminPayoutSettingsPage') },
              { path: 'ai-pool', element: page(aiPool, 'AdminPoolDashboardPage') },
              { path: 'ai-pool/history', element: page(aiPool, 'AdminPoolHistoryPage') },
              { path: 'ai-pool/report', element: page(aiPool, 'AdminPoolReportPage') },
              { path: 'ai-pool/settings', element: page(aiPool, 'AdminPoolSettingsPage') },
              {
                path: 'affiliates',
                element: page(() => import('@/features/affiliate/pages/admin-affiliates-page'), 'AdminAffiliatesPage'),
              },
              {
                path: 'payments',
                element: page(() => import('@/features/payment-reports/pages/admin-payments-page'), 'AdminPaymentsPage'),
              },
              {
                path: 'newsletter',
                element: page(() => import('@/features/newsletter/pages/admin-newsletter-page'), 'AdminNewsletterPage'),
              },
              { path: 'messages', element: page(contact, 'AdminMessagesPage') },
              {
                path: 'leads',
                element: page(() => import('@/features/chatbot/pages/admin-leads-page'), 'AdminLeadsPage'),
              },
            ],
          },
        ],
      },
      {
        path: 'simple-admin',
        element: page(() => import('./layouts/simple-admin-layout'), 'SimpleAdminLayout'),
        children: [
          { path: 'login', element: page(simpleAdmin, 'SimpleAdminLoginPage') },
          {
            element: <ProtectedRoute roles={['simple_admin']} loginPath="/simple-admin/login" />,
            children: [
              { index: true, element: page(simpleAdmin, 'SimpleAdminHomePage') },
              { path: 'products', element: page(simpleAdmin, 'SimpleAdminProductsPage') },
              { path: 'products/create', element: page(simpleAdmin, 'SimpleAdminCreateProductPage') },
              { path: 'products/:id/edit', element: page(simpleAdmin, 'SimpleAdminEditProductPage') },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: 'checkout/success',
            element: (
              <ProtectedRoute>
                {page(() => import('@/features/checkout/pages/checkout-success-page'), 'CheckoutSuccessPage')}
              </ProtectedRoute>
            ),
          },
          { path: '*', element: page(() => import('./routes/not-found-page'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A session that is gone for good (refresh failed) sends the user to sign in, remembering the page;
  // in the simple-admin area that is its own sign-in (spec §4 Simple-admin session).
  setUnauthenticatedHandler(() => {
    const from = pathOf(router.state.location);
    const login = from.startsWith('/simple-admin') ? '/simple-admin/login' : '/login';
    if (!from.startsWith(login)) void router.navigate(login, { replace: true, state: { from } });
  });
  return router;
}
