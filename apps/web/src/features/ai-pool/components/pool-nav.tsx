import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

/** Tabs between the pool's admin pages: dashboard, history, report, settings. */
export function PoolNav() {
  const { t } = useTranslation();
  const links = [
    { to: '/admin/ai-pool', label: t('aiPool.nav.dashboard'), end: true },
    { to: '/admin/ai-pool/history', label: t('aiPool.nav.history') },
    { to: '/admin/ai-pool/report', label: t('aiPool.nav.report') },
    { to: '/admin/ai-pool/settings', label: t('aiPool.nav.settings') },
  ];
  return (
    <nav aria-label={t('aiPool.nav.label')} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
              isActive
                ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
