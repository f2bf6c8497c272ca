import { applyPromoSchema, type CartView } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Tag, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { promoDescription } from '@/lib/promo-description';
import { useApplyPromo } from '../api/apply-promo';
import { useRemovePromo } from '../api/remove-promo';

export interface PromoCodeFormProps {
  applied: CartView['promoCode'];
  notice: string | null;
}

/** Apply a code (a new one replaces the old), see the applied one and remove it. */
export function PromoCodeForm({ applied, notice }: PromoCodeFormProps) {
  const { t } = useTranslation();
  const apply = useApplyPromo();
  const remove = useRemovePromo();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(applyPromoSchema), reValidateMode: 'onSubmit', defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) =>
    apply.mutate(code, {
      onSuccess: (cart) => {
        reset({ code: '' });
        notify.success(t('cart.promo.applied', { code: cart.promoCode?.code ?? code.toUpperCase() }));
      },
      onError: (error) => {
        const message = errorMessage(error, t('cart.promo.failed'));
        // An unknown code is the form's business; anything else (offline, signed out) is a toast.
        if (error instanceof ApiError && error.status === 422) setError('code', { type: 'server', message });
        else notify.error(t('cart.promo.failed'), translateMessage(message));
      },
    }),
  );

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.info(t('cart.promo.removed')),
      onError: (error) => notify.error(translateMessage(errorMessage(error, t('common.operationFailed')))),
    });

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
        <Field label={t('cart.promo.label')} error={errors.code?.message} className="flex-1">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('cart.promo.placeholder')}
              {...register('code', { onChange: () => clearErrors('code') })}
            />
          )}
        </Field>
        <Button type="submit" variant="outline" className="mt-6.5" loading={apply.isPending}>
          {t('cart.promo.apply')}
        </Button>
      </form>
      {applied && (
        <div className="flex items-start justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-200">
          <Tag className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="flex justify-between gap-2">
              <span className="font-semibold">{applied.code}</span>
              <span className="whitespace-nowrap tabular-nums">−{formatMoney(applied.discount)}</span>
            </p>
            <p className="text-xs text-emerald-700 dark:text-emerald-300">
              {promoDescription(applied.code, applied.description)}
            </p>
          </div>
          <button
            type="button"
            className="rounded p-0.5 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-emerald-900/50"
            aria-label={t('cart.promo.remove', { code: applied.code })}
            disabled={remove.isPending}
            onClick={onRemove}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
      {notice && <Alert tone="info">{translateMessage(notice)}</Alert>}
    </div>
  );
}
