import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { translateMessage } from '@/lib/i18n';
import { type RejectReason, rejectReasonSchema } from '../api/reject-product';

export interface RejectDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  /** The server's refusal, if the last attempt failed. */
  failure?: string | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Asks for the reason the seller will read; nothing is sent until it has 5 characters. */
export function RejectDialog({ open, title, busy, failure, onCancel, onReject }: RejectDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<RejectReason>({ resolver: zodResolver(rejectReasonSchema), defaultValues: { reason: '' } });

  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  return (
    <Modal open={open} title={title} description={t('admin.products.reject.description')} onClose={onCancel} busy={busy}>
      <form onSubmit={handleSubmit(({ reason }) => onReject(reason.trim()))} noValidate className="space-y-4">
        {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
        <Field label={t('admin.products.reject.reason')} error={errors.reason?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              placeholder={t('admin.products.reject.placeholder')}
              {...register('reason', { onChange: () => clearErrors('reason') })}
            />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {t('admin.products.reject.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
