import { DASHBOARD_LATEST_ORDERS, DASHBOARD_PRODUCTS, normalizeRole } from '@app/shared';
import { Heart, Settings, ShoppingBag, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { displayName, useRequiredUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { isNewAccount } from '@/lib/new-account';
import { useOrderStats } from '@/lib/orders';
import { LatestOrders } from '../components/latest-orders';
import { PopularProducts } from '../components/popular-products';

/** Spec §2: admins go to /admin, sellers to /seller, everyone else sees their dashboard. */
export function DashboardPage() {
  const user = useRequiredUser();
  const role = normalizeRole(user.role);
  if (role === 'admin') return <Navigate to="/admin" replace />;
  if (role === 'seller') return <Navigate to="/seller" replace />;
  return <UserDashboard />;
}

/** The buyer's dashboard (spec §2): stats, the 5 latest orders, 3 products and shortcuts. */
function UserDashboard() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const stats = useOrderStats();

  // Spec §2: pending and processing orders count as active (the server's processing_orders holds both).
  const tiles = [
    { label: t('dashboard.stats.purchases'), value: String(stats.data?.completed_orders ?? user.total_purchases) },
    { label: t('dashboard.stats.spent'), value: formatMoney(stats.data?.total_spent ?? user.total_spent) },
    { label: t('dashboard.stats.active'), value: stats.data ? String(stats.data.processing_orders) : '–' },
  ];
  const shortcuts = [
    { to: '/orders', label: t('userMenu.orders'), icon: ShoppingBag },
    { to: '/wishlist', label: t('userMenu.wishlist'), icon: Heart },
    { to: '/seller', label: t('userMenu.sell'), icon: Store },
    { to: '/profile', label: t('userMenu.profile'), icon: Settings },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('dashboard.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {isNewAccount(user.id)
            ? t('dashboard.welcomeNew', { name: displayName(user) })
            : t('dashboard.welcome', { name: displayName(user) })}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('dashboard.subtitle')}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {tiles.map((stat) => (
          <Card key={stat.label} className="p-5">
            <dt className="text-sm text-slate-500 dark:text-slate-400">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{stat.value}</dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('dashboard.recentOrders')}</CardTitle>
            <CardDescription>{t('dashboard.recentOrdersHint', { count: DASHBOARD_LATEST_ORDERS })}</CardDescription>
          </CardHeader>
          <CardContent>
            <LatestOrders />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard.shortcuts')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1">
              {shortcuts.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} className={`${buttonClasses('ghost', 'md')} w-full justify-start`}>
                    <Icon className="size-4 text-slate-400" aria-hidden />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('dashboard.products')}</CardTitle>
          <CardDescription>{t('dashboard.productsHint', { count: DASHBOARD_PRODUCTS })}</CardDescription>
        </CardHeader>
        <CardContent>
          <PopularProducts />
        </CardContent>
      </Card>
    </div>
  );
}
