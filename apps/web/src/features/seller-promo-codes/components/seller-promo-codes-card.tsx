import {
  type SellerPromoCodeForm,
  type SellerPromoCodeInput,
  type SellerPromoCodeView,
  sellerPromoCodeFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PromoCodeFields } from '@/components/promo-code-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  useCodeableProducts,
  useCreateSellerPromoCode,
  useDeactivateSellerPromoCode,
  useSellerPromoCodes,
} from '../api/seller-promo-codes';
import { PromoProductChoices } from './promo-product-choices';
import { SellerPromoCodeEditDialog } from './seller-promo-code-edit-dialog';

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
 * fixed, an optional end and limits), see each code's uses and end, change its end, limits and products,
 * switch one off. The server checks every rule again (docs/decisions/0045).
 */
export function SellerPromoCodesCard() {
  const { t } = useTranslation();
  const codes = useSellerPromoCodes();
  const products = useCodeableProducts();
  const create = useCreateSellerPromoCode();
  const deactivate = useDeactivateSellerPromoCode();
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<SellerPromoCodeView | null>(null);
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
  const registered = (name: (typeof FIELDS)[number]) => ({ ...field(name), error: message(name) });

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
          <PromoCodeFields
            copy="sellerPromoCodes"
            code={registered('code')}
            kind={registered('kind')}
            value={registered('value')}
            currentKind={kind}
            expiresAt={registered('expires_at')}
            usageLimit={registered('usage_limit')}
            perCustomerLimit={registered('per_customer_limit')}
          />
          <PromoProductChoices products={products.data?.products ?? []} field={registered('product_ids')} />
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
                    {promo.expires_at && ` · ${t('sellerPromoCodes.until', { date: formatDate(promo.expires_at) })}`}
                    {promo.products.length > 0 && ` · ${promo.products.map((product) => product.title).join(', ')}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing(promo)}
                    aria-label={t('sellerPromoCodes.editNamed', { code: promo.code })}
                  >
                    <Pencil className="size-4" aria-hidden />
                    {t('sellerPromoCodes.edit')}
                  </Button>
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
                </div>
              </li>
            ))}
          </ul>
        )}
        {editing && (
          <SellerPromoCodeEditDialog promo={editing} products={products.data?.products ?? []} onClose={() => setEditing(null)} />
        )}
      </CardContent>
    </Card>
  );
}
