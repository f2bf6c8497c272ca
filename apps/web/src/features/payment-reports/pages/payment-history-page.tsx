import { PAYMENT_HISTORY_LIMIT } from '@app/shared';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { usePaymentHistory } from '../api/get-payment-history';

/** /payments: the signed-in user's own payments and refunds. */
export function PaymentHistoryPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(user.id, page, PAYMENT_HISTORY_LIMIT);
  const { items: payments, pages } = usePagedList(history, 'payments');
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('paymentReports.history.title')} />
      <header className="space-y-1">
        <h1 className="flex items-center gap-3 text-2xl font-bold text-slate-900 dark:text-white">
          <CreditCard className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {t('paymentReports.history.title')}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('paymentReports.history.description')}</p>
      </header>
      {history.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : history.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {errorMessage(history.error, t('common.operationFailed'))}
        </p>
      ) : payments.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t('paymentReports.history.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {payments.map((payment) => (
            <li key={payment.order_id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <Link to="/orders" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                    {t('paymentReports.history.order', { number: payment.order_number })}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {payment.paid_at ? t('paymentReports.history.paidOn', { date: formatDate(payment.paid_at) }) : null}
                    {payment.refunded_at
                      ? ` · ${t('paymentReports.history.refundedOn', { date: formatDate(payment.refunded_at), amount: formatMoney(payment.refunded_amount) })}`
                      : null}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge tone={payment.status === 'refunded' ? 'warning' : 'success'}>
                    {t(`paymentReports.history.status.${payment.status}`)}
                  </Badge>
                  <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(payment.amount)}</span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} onPageChange={setPage} label={t('paymentReports.history.pagination')} />
    </div>
  );
}
