import type { LucideIcon } from 'lucide-react';
import { Bell, ChartColumn, Package, Settings, ShieldCheck, ShoppingBag, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Card, CardContent } from '@/components/ui/card';
import { displayName, useRequiredUser } from '@/lib/auth-store';

export function AdminHomePage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const tiles = [
    { icon: Users, key: 'users' },
    { icon: Package, key: 'products' },
    { icon: ShoppingBag, key: 'orders' },
    { icon: ChartColumn, key: 'revenue' },
  ] as const;
  return (
    <div className="space-y-8">
      <DocumentTitle title={t('admin.dashboard.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('admin.dashboard.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('admin.dashboard.greeting', { name: displayName(user) })}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map(({ icon: Icon, key }) => (
          <li key={key}>
            <Card>
              <CardContent className="flex items-center gap-4">
                <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{t(`admin.dashboard.tiles.${key}`)}</p>
                  <p className="text-xl font-semibold text-slate-900 dark:text-white">—</p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('admin.dashboard.comingSoon')}</p>
    </div>
  );
}

function AdminSection({ icon: Icon, title }: { icon: LucideIcon; title: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <DocumentTitle title={title} />
      <h1 className="flex items-center gap-3 text-2xl font-bold text-slate-900 dark:text-white">
        <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
        {title}
      </h1>
      <Card className="mt-6">
        <CardContent className="text-sm text-slate-600 dark:text-slate-400">{t('admin.sectionComingSoon')}</CardContent>
      </Card>
    </div>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  return <AdminSection icon={Users} title={t('admin.nav.users')} />;
}

export function AdminProductsPage() {
  const { t } = useTranslation();
  return <AdminSection icon={Package} title={t('admin.nav.products')} />;
}

export function AdminOrdersPage() {
  const { t } = useTranslation();
  return <AdminSection icon={ShoppingBag} title={t('admin.nav.orders')} />;
}

export function AdminSettingsPage() {
  const { t } = useTranslation();
  return <AdminSection icon={Settings} title={t('admin.nav.settings')} />;
}

export function AdminNotificationsPage() {
  const { t } = useTranslation();
  return <AdminSection icon={Bell} title={t('admin.nav.notifications')} />;
}

export function AdminStatsPage() {
  const { t } = useTranslation();
  return <AdminSection icon={ChartColumn} title={t('admin.nav.stats')} />;
}

export function AdminSimpleAdminsPage() {
  const { t } = useTranslation();
  return <AdminSection icon={ShieldCheck} title={t('admin.nav.simpleAdmins')} />;
}
