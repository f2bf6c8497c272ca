import { REFUND_WINDOW_DAYS, refundRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useRequestRefund } from '../api/request-refund';

export interface RefundDialogProps {
  orderId: string;
  orderNumber: string;
  open: boolean;
  onClose: () => void;
}

export function RefundDialog({ orderId, orderNumber, open, onClose }: RefundDialogProps) {
  const { t } = useTranslation();
  const refund = useRequestRefund();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(refundRequestSchema), reValidateMode: 'onSubmit', defaultValues: { reason: '' } });

  const close = () => {
    reset({ reason: '' });
    setProblem(null);
    onClose();
  };

  const onSubmit = handleSubmit(({ reason }) => {
    setProblem(null);
    refund.mutate(
      { orderId, reason },
      {
        onSuccess: (result) => {
          notify.success(t('orders.refund.requestedTitle'), translateMessage(result.message));
          close();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, ['reason'])) return;
          const message = translateMessage(errorMessage(error, t('common.operationFailed')));
          setProblem(message);
          notify.error(t('orders.refund.failedTitle'), message);
        },
      },
    );
  });

  return (
    <Modal
      open={open}
      title={t('orders.refund.title', { number: orderNumber })}
      description={t('orders.refund.text', { days: REFUND_WINDOW_DAYS })}
      onClose={close}
      busy={refund.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label={t('orders.refund.reason')} error={errors.reason?.message}>
          {(control) => <Textarea {...control} rows={4} {...register('reason', { onChange: () => clearErrors('reason') })} />}
        </Field>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={refund.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={refund.isPending}>
            {t('orders.refund.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
