import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';

/** Bare layout (spec §2). Saving the order, downloads and the countdown to /orders come with the payments issue. */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  return (
    <section className="max-w-md text-center">
      <DocumentTitle title={t('checkout.successTitle')} />
      <CircleCheck className="mx-auto size-14 text-emerald-500" aria-hidden />
      <h1 className="mt-6 text-3xl font-bold text-slate-900 dark:text-white">{t('checkout.successTitle')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('checkout.successText')}</p>
      <Link to="/orders" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('checkout.viewOrders')}
      </Link>
    </section>
  );
}
