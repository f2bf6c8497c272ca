import {
  CATEGORIES,
  type PromoCodeForm,
  type PromoCodeInput,
  type PromoCodeUpdate,
  type PromoCodeView,
  promoCodeFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PromoCodeFields, toLocalDateTime } from '@/components/promo-code-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCreatePromoCode } from '../api/create-promo-code';
import { useUpdatePromoCode } from '../api/update-promo-code';

const FIELDS = [
  'code',
  'kind',
  'value',
  'description',
  'active',
  'product_id',
  'category',
  'starts_at',
  'expires_at',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'min_subtotal',
] as const;
type FieldName = (typeof FIELDS)[number];

const text = (value: number | string | null) => (value === null ? '' : String(value));

function formValues(promo?: PromoCodeView): PromoCodeForm {
  return {
    code: promo?.code ?? '',
    kind: promo?.kind ?? 'percent',
    value: text(promo?.value ?? ''),
    description: promo?.description ?? '',
    active: promo?.active ?? true,
    product_id: promo?.product_id ?? '',
    category: promo?.category ?? '',
    starts_at: toLocalDateTime(promo?.starts_at ?? null),
    expires_at: toLocalDateTime(promo?.expires_at ?? null),
    usage_limit: text(promo?.usage_limit ?? null),
    per_customer_limit: text(promo?.per_customer_limit ?? null),
    first_order_only: promo?.first_order_only ?? false,
    min_subtotal: promo?.min_subtotal ? String(promo.min_subtotal) : '',
  };
}

/**
 * Only what the admin changed, so an edit never rewrites a rule they did not touch. Kind and value
 * travel together: a value means nothing without its kind.
 */
function changedFields(values: PromoCodeInput, dirty: Partial<Record<FieldName, unknown>>): PromoCodeUpdate {
  const changes: Record<string, unknown> = {};
  for (const name of FIELDS) if (dirty[name] && name !== 'code') changes[name] = values[name];
  if (dirty.kind || dirty.value) Object.assign(changes, { kind: values.kind, value: values.value });
  return changes as PromoCodeUpdate;
}

/** Create a promo code, or edit one (its code stays as it is). Rendered only while open. */
export function PromoCodeFormDialog({ promo, onClose }: { promo?: PromoCodeView; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const busy = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    formState: { errors, dirtyFields },
  } = useForm<PromoCodeForm, unknown, PromoCodeInput>({
    resolver: zodResolver(promoCodeFormSchema),
    defaultValues: formValues(promo),
  });
  const kind = watch('kind');

  const onError = (error: unknown) => {
    if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error, t('common.operationFailed')));
  };
  const done = (message: string) => () => {
    notify.success(message);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    if (!promo) {
      create.mutate(values, { onSuccess: done(t('admin.promoCodes.created', { code: values.code })), onError });
      return;
    }
    const changes = changedFields(values, dirtyFields as Partial<Record<FieldName, unknown>>);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: promo.id, ...changes },
      { onSuccess: done(t('admin.promoCodes.updated', { code: promo.code })), onError },
    );
  });

  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });
  const message = (name: FieldName) => errors[name]?.message;
  const registered = (name: FieldName) => ({ ...field(name), error: message(name) });

  return (
    <Modal
      open
      title={promo ? t('admin.promoCodes.editTitle', { code: promo.code }) : t('admin.promoCodes.createTitle')}
      description={t('admin.promoCodes.formDescription')}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
        <div className="-mx-1 max-h-[60vh] space-y-4 overflow-y-auto px-1 pb-1">
          <PromoCodeFields
            copy="admin.promoCodes"
            code={{
              ...registered('code'),
              readOnly: Boolean(promo),
              hint: promo ? t('admin.promoCodes.codeFixed') : t('admin.promoCodes.codeHint'),
            }}
            afterCode={
              <TextField
                label={t('admin.promoCodes.fields.description')}
                error={message('description')}
                {...field('description')}
              />
            }
            kind={registered('kind')}
            value={registered('value')}
            currentKind={kind}
            startsAt={registered('starts_at')}
            expiresAt={registered('expires_at')}
            usageLimit={registered('usage_limit')}
            perCustomerLimit={registered('per_customer_limit')}
          />
          <TextField
            label={t('admin.promoCodes.fields.minSubtotal')}
            inputMode="decimal"
            error={message('min_subtotal')}
            {...field('min_subtotal')}
          />
          <Field label={t('admin.promoCodes.fields.category')} error={message('category')}>
            {(control) => (
              <select {...control} className={inputClasses} {...field('category')}>
                <option value="">{t('admin.promoCodes.anyCategory')}</option>
                {CATEGORIES.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {categoryName(category.slug)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t('admin.promoCodes.fields.productId')}
            autoComplete="off"
            hint={promo?.product_title ?? t('admin.promoCodes.productHint')}
            error={message('product_id')}
            {...field('product_id')}
          />
          <CheckboxField
            label={t('admin.promoCodes.fields.firstOrderOnly')}
            error={message('first_order_only')}
            {...field('first_order_only')}
          />
          <CheckboxField label={t('admin.promoCodes.fields.active')} error={message('active')} {...field('active')} />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {promo ? t('admin.promoCodes.save') : t('admin.promoCodes.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
