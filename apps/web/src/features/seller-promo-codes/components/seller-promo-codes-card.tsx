import { type SellerPromoCodeForm, type SellerPromoCodeInput, sellerPromoCodeFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  useCodeableProducts,
  useCreateSellerPromoCode,
  useDeactivateSellerPromoCode,
  useSellerPromoCodes,
} from '../api/seller-promo-codes';

const FIELDS = ['code', 'kind', 'value', 'expires_at', 'usage_limit', 'per_customer_limit', 'product_ids'] as const;
const EMPTY: SellerPromoCodeForm = {
  code: '',
  kind: 'percent',
  value: '',
  expires_at: '',
  usage_limit: '',
  per_customer_limit: '',
  product_ids: [],
};

/**
 * The seller dashboard's "Discount codes": create a code for some or all of the seller's products (percent or
 * fixed, an optional end and limits), see each code's uses, switch one off. The server checks every
 * rule again (docs/decisions/0045).
 */
export function SellerPromoCodesCard() {
  const { t } = useTranslation();
  const codes = useSellerPromoCodes();
  const products = useCodeableProducts();
  const create = useCreateSellerPromoCode();
  const deactivate = useDeactivateSellerPromoCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    watch,
    formState: { errors },
  } = useForm<SellerPromoCodeForm, unknown, SellerPromoCodeInput>({
    resolver: zodResolver(sellerPromoCodeFormSchema),
    defaultValues: EMPTY,
  });
  const kind = watch('kind');
  const field = (name: (typeof FIELDS)[number]) => register(name, { onChange: () => clearErrors(name) });
  const message = (name: (typeof FIELDS)[number]) => {
    const text = errors[name]?.message;
    return text ? translateMessage(text) : undefined;
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (answer) => {
        notify.success(t('sellerPromoCodes.created', { code: answer.promo_code.code }));
        reset(EMPTY);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error, t('common.operationFailed')));
      },
    });
  });

  const switchOff = (id: string, code: string) =>
    deactivate.mutate(id, {
      onSuccess: () => notify.success(t('sellerPromoCodes.deactivated', { code })),
      onError: (error) => notify.error(translateMessage(errorMessage(error, t('common.operationFailed')))),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TicketPercent className="size-5" aria-hidden />
          {t('sellerPromoCodes.title')}
        </CardTitle>
        <CardDescription>{t('sellerPromoCodes.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('sellerPromoCodes.formLabel')}>
          {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t('sellerPromoCodes.fields.code')}
              autoComplete="off"
              hint={t('sellerPromoCodes.codeHint')}
              error={message('code')}
              {...field('code')}
            />
            <Field label={t('sellerPromoCodes.fields.kind')} error={message('kind')}>
              {(control) => (
                <select {...control} className={inputClasses} {...field('kind')}>
                  <option value="percent">{t('sellerPromoCodes.kinds.percent')}</option>
                  <option value="fixed">{t('sellerPromoCodes.kinds.fixed')}</option>
                </select>
              )}
            </Field>
            <TextField
              label={kind === 'fixed' ? t('sellerPromoCodes.fields.amount') : t('sellerPromoCodes.fields.percent')}
              inputMode="decimal"
              error={message('value')}
              {...field('value')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t('sellerPromoCodes.fields.expiresAt')}
              type="datetime-local"
              error={message('expires_at')}
              {...field('expires_at')}
            />
            <TextField
              label={t('sellerPromoCodes.fields.usageLimit')}
              inputMode="numeric"
              hint={t('sellerPromoCodes.noLimitHint')}
              error={message('usage_limit')}
              {...field('usage_limit')}
            />
            <TextField
              label={t('sellerPromoCodes.fields.perCustomerLimit')}
              inputMode="numeric"
              hint={t('sellerPromoCodes.noLimitHint')}
              error={message('per_customer_limit')}
              {...field('per_customer_limit')}
            />
          </div>
          {(products.data?.products.length ?? 0) > 0 && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900 dark:text-white">
                {t('sellerPromoCodes.fields.products')}
              </legend>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerPromoCodes.appliesToAll')}</p>
              <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
                {products.data?.products.map((product) => (
                  <label key={product.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={product.id} className="size-4" {...field('product_ids')} />
                    {product.title}
                  </label>
                ))}
              </div>
              {message('product_ids') && (
                <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                  {message('product_ids')}
                </p>
              )}
            </fieldset>
          )}
          <Button type="submit" disabled={create.isPending}>
            {t('sellerPromoCodes.create')}
          </Button>
        </form>

        {codes.isError ? (
          <Alert tone="error" title={t('sellerPromoCodes.loadFailed')}>
            {translateMessage(errorMessage(codes.error, t('common.operationFailed')))}
          </Alert>
        ) : !codes.data ? (
          <Spinner label={t('sellerPromoCodes.loading')} />
        ) : codes.data.promo_codes.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerPromoCodes.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('sellerPromoCodes.listLabel')}>
            {codes.data.promo_codes.map((promo) => (
              <li key={promo.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-mono font-semibold">{promo.code}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {promo.kind === 'percent'
                      ? t('sellerPromoCodes.percentOff', { value: promo.value })
                      : t('sellerPromoCodes.amountOff', { value: promo.value.toFixed(2) })}
                    {' · '}
                    {t(`sellerPromoCodes.status.${promo.status}`)}
                    {' · '}
                    {t('sellerPromoCodes.uses', {
                      used: promo.used_count,
                      limit: promo.usage_limit ?? '∞',
                    })}
                    {promo.products.length > 0 && ` · ${promo.products.map((product) => product.title).join(', ')}`}
                  </p>
                </div>
                {promo.active && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={deactivate.isPending}
                    onClick={() => switchOff(promo.id, promo.code)}
                    aria-label={t('sellerPromoCodes.deactivateNamed', { code: promo.code })}
                  >
                    {t('sellerPromoCodes.deactivate')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
