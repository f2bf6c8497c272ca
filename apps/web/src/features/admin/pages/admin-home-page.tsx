import {
  Bot,
  CircleCheck,
  Clock,
  DollarSign,
  LayoutDashboard,
  Package,
  Receipt,
  ShoppingBag,
  Store,
  UserPlus,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid, type StatCardGridItem } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { displayName, useRequiredUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { AdminPageHeader } from '../components/admin-page-header';

/** /admin: the headline figures, each leading to the section that acts on it. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const stats = useDashboardStats();
  const s = stats.data;
  const show = (value: number | string | undefined) => (value === undefined ? '…' : value);

  const groups: { title: string; cards: StatCardGridItem[] }[] = [
    {
      title: t('admin.dashboard.groups.people'),
      cards: [
        { icon: Users, label: t('admin.dashboard.tiles.users'), value: show(s?.total_users), to: '/admin/users' },
        { icon: UserPlus, label: t('admin.dashboard.tiles.newUsers'), value: show(s?.new_users_this_week), tone: 'violet' },
        { icon: ShoppingBag, label: t('admin.dashboard.tiles.buyers'), value: show(s?.total_buyers), tone: 'slate' },
        { icon: Store, label: t('admin.dashboard.tiles.sellers'), value: show(s?.total_sellers), tone: 'slate' },
      ],
    },
    {
      title: t('admin.dashboard.groups.catalogue'),
      cards: [
        { icon: Package, label: t('admin.dashboard.tiles.products'), value: show(s?.total_products) },
        {
          icon: Clock,
          label: t('admin.dashboard.tiles.pendingProducts'),
          value: show(s?.pending_products),
          tone: 'amber',
          to: '/admin/products',
        },
        {
          icon: CircleCheck,
          label: t('admin.dashboard.tiles.approvedProducts'),
          value: show(s?.approved_products),
          tone: 'emerald',
        },
        { icon: Package, label: t('admin.dashboard.tiles.rejectedProducts'), value: show(s?.rejected_products), tone: 'red' },
      ],
    },
    {
      title: t('admin.dashboard.groups.sales'),
      cards: [
        {
          icon: Receipt,
          label: t('admin.dashboard.tiles.orders'),
          value: show(s?.total_orders),
          hint: s ? t('admin.dashboard.paidHint', { count: s.paid_orders }) : undefined,
          to: '/admin/orders',
        },
        {
          icon: DollarSign,
          label: t('admin.dashboard.tiles.revenue'),
          value: show(s && formatMoney(s.total_revenue)),
          tone: 'emerald',
          to: '/admin/stats',
        },
        { icon: Bot, label: t('admin.dashboard.tiles.aiPool'), value: show(s && formatMoney(s.ai_pool_total)), tone: 'violet' },
        {
          icon: Clock,
          label: t('admin.dashboard.tiles.pendingRefunds'),
          value: show(s?.pending_refunds),
          tone: 'amber',
          to: '/admin/orders?refund=requested',
        },
      ],
    },
  ];

  return (
    <div className="space-y-8">
      <AdminPageHeader
        icon={LayoutDashboard}
        title={t('admin.dashboard.title')}
        description={t('admin.dashboard.greeting', { name: displayName(user) })}
      />
      {stats.isError && <Alert tone="error">{errorMessage(stats.error, t('common.operationFailed'))}</Alert>}
      {groups.map((group) => (
        <section key={group.title} className="space-y-3">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{group.title}</h2>
          <StatCardGrid columns="sm:grid-cols-2 xl:grid-cols-4" stats={group.cards} />
        </section>
      ))}
    </div>
  );
}
