import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { DENY_NOTE_MIN, useDecideRefund } from '../api/decide-refund';
import { useAdminOrder } from '../api/get-admin-order';

/** An order's refund request: approve it (refunds the payment, revokes downloads) or deny it with a note for the buyer. */
export function RefundPanel({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useAdminOrder(orderId);
  const decide = useDecideRefund();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const detailsId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different order starts a clean form
  useEffect(() => {
    setNote('');
    setNoteError(null);
    setFailure(null);
  }, [orderId]);

  const data = order.data;
  const refund = data?.refund ?? null;

  const submit = (decision: 'approve' | 'deny') => {
    if (!orderId) return;
    if (decision === 'deny' && note.trim().length < DENY_NOTE_MIN) {
      setNoteError(t('admin.orders.refund.noteRequired', { count: DENY_NOTE_MIN }));
      return;
    }
    setFailure(null);
    decide.mutate(
      { orderId, decision, note },
      {
        onSuccess: () => {
          notify.success(decision === 'approve' ? t('admin.orders.refund.approved') : t('admin.orders.refund.denied'));
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error, t('common.operationFailed'))),
      },
    );
  };

  return (
    <Modal
      open={orderId !== null}
      title={data ? t('admin.orders.refund.title', { number: data.order_number }) : t('admin.orders.refund.titleLoading')}
      onClose={onClose}
      busy={decide.isPending}
    >
      {order.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : order.isError || !data ? (
        <Alert tone="error">{errorMessage(order.error, t('common.operationFailed'))}</Alert>
      ) : (
        <div className="space-y-4">
          <dl id={detailsId} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{t('admin.orders.refund.customer')}</dt>
            <dd className="text-slate-900 dark:text-white">{data.customer_email || data.customer?.email || '—'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('admin.orders.refund.amount')}</dt>
            <dd className="text-slate-900 tabular-nums dark:text-white">{formatMoney(data.total_amount)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('admin.orders.refund.paid')}</dt>
            <dd className="text-slate-900 dark:text-white">{data.paid_at ? formatDate(data.paid_at) : '—'}</dd>
            {refund && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">{t('admin.orders.refund.requested')}</dt>
                <dd className="text-slate-900 dark:text-white">{formatDate(refund.requested_at)}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('admin.orders.refund.reason')}</dt>
                <dd className="whitespace-pre-line text-slate-900 dark:text-white">{refund.reason}</dd>
              </>
            )}
          </dl>
          {!refund ? (
            <Alert tone="info">{t('admin.orders.refund.none')}</Alert>
          ) : refund.status !== 'requested' ? (
            <Alert tone="info">{t(`admin.orders.refund.already.${refund.status}`)}</Alert>
          ) : (
            <>
              {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
              <Field
                label={t('admin.orders.refund.note')}
                hint={t('admin.orders.refund.noteHint')}
                error={noteError ?? undefined}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    value={note}
                    onChange={(event) => {
                      setNote(event.target.value);
                      setNoteError(null);
                    }}
                  />
                )}
              </Field>
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
                  {t('common.cancel')}
                </Button>
                <Button
                  variant="danger"
                  onClick={() => submit('deny')}
                  loading={decide.isPending && decide.variables?.decision === 'deny'}
                  disabled={decide.isPending}
                >
                  {t('admin.orders.refund.deny')}
                </Button>
                <Button
                  onClick={() => submit('approve')}
                  loading={decide.isPending && decide.variables?.decision === 'approve'}
                  disabled={decide.isPending}
                >
                  {t('admin.orders.refund.approve')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
