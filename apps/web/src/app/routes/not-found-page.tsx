import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="max-w-md text-center">
      <DocumentTitle title={t('notFound.title')} />
      <Compass className="mx-auto size-14 text-indigo-500" aria-hidden />
      <p className="mt-6 text-sm font-semibold tracking-widest text-indigo-600 uppercase dark:text-indigo-400">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 dark:text-white">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
