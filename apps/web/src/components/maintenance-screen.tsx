import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export interface MaintenanceScreenProps {
  siteName: string;
  message: string;
}

/** Spec §2 Maintenance screen: site name, 'Under Maintenance', the message and an 'Admin Access' link. */
export function MaintenanceScreen({ siteName, message }: MaintenanceScreenProps) {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4 py-16 dark:from-slate-950 dark:via-slate-950 dark:to-indigo-950/40"
    >
      <title>{`${t('maintenance.title')} · ${siteName}`}</title>
      <section className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl shadow-indigo-500/5 sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">{siteName}</p>
        <span className="mx-auto mt-6 flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-600 dark:bg-amber-950/50 dark:text-amber-400">
          <Wrench className="size-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('maintenance.title')}</h1>
        <p className="mt-4 whitespace-pre-line text-slate-600 dark:text-slate-400">
          {message || t('maintenance.defaultMessage')}
        </p>
        <Link to="/admin/login" className={buttonClasses('outline', 'md', 'mt-8')}>
          {t('maintenance.adminAccess')}
        </Link>
      </section>
    </main>
  );
}
