import {
  type SellerPromoCodeForm,
  type SellerPromoCodeUpdate,
  type SellerPromoCodeView,
  sellerPromoCodeUpdateSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { limitText, PromoCodeFields, toLocalDateTime } from '@/components/promo-code-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useUpdateSellerPromoCode } from '../api/seller-promo-codes';
import { PromoProductChoices } from './promo-product-choices';

const FIELDS = ['expires_at', 'usage_limit', 'per_customer_limit', 'product_ids'] as const;
type FieldName = (typeof FIELDS)[number];
type EditForm = Required<Pick<SellerPromoCodeForm, FieldName>>;

/**
 * The update's own schema (the server's), read from the form's text boxes. An end left as it was is
 * not checked or sent: an expired code's limits can change without a new end.
 */
function editSchemaFor(savedEnd: string) {
  return z
    .custom<EditForm>()
    .transform((form): unknown => {
      if (form.expires_at !== savedEnd) return form;
      // Left out, not undefined: the schema skips a missing optional key but reads an undefined one.
      const { expires_at: _unchanged, ...rest } = form;
      return rest;
    })
    .pipe(sellerPromoCodeUpdateSchema);
}

/** Only what the seller changed: an edit never rewrites a rule they did not touch (and sends nothing if none). */
function changedFields(values: SellerPromoCodeUpdate, dirty: Partial<Record<FieldName, unknown>>): SellerPromoCodeUpdate {
  const changes: Record<string, unknown> = {};
  for (const name of FIELDS) if (dirty[name] && values[name] !== undefined) changes[name] = values[name];
  return changes as SellerPromoCodeUpdate;
}

export interface SellerPromoCodeEditDialogProps {
  promo: SellerPromoCodeView;
  /** The seller's products a code may name; those the code names already are offered too. */
  products: readonly { id: string; title: string }[];
  onClose: () => void;
}

/**
 * Changes one of the seller's codes: its end, its limits and the products it names. The code, its
 * type and value stay (buyers may hold it already); the server checks every rule again. Rendered
 * only while open.
 */
export function SellerPromoCodeEditDialog({ promo, products, onClose }: SellerPromoCodeEditDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateSellerPromoCode();
  const [failure, setFailure] = useState<string | null>(null);
  const savedEnd = toLocalDateTime(promo.expires_at);
  const [schema] = useState(() => editSchemaFor(savedEnd));
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, dirtyFields },
  } = useForm<EditForm, unknown, SellerPromoCodeUpdate>({
    resolver: zodResolver(schema),
    defaultValues: {
      expires_at: savedEnd,
      usage_limit: limitText(promo.usage_limit),
      per_customer_limit: limitText(promo.per_customer_limit),
      product_ids: promo.products.map((product) => product.id),
    },
  });
  const registered = (name: FieldName) => {
    const message = errors[name]?.message;
    return {
      ...register(name, { onChange: () => clearErrors(name) }),
      error: message ? translateMessage(message) : undefined,
    };
  };
  // A product the code names may have left the first page of live products (or gone offline).
  const choices = [...promo.products.filter((named) => !products.some((product) => product.id === named.id)), ...products];

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    const changes = changedFields(values, dirtyFields as Partial<Record<FieldName, unknown>>);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: promo.id, ...changes },
      {
        onSuccess: () => {
          notify.success(t('sellerPromoCodes.updated', { code: promo.code }));
          onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error, t('common.operationFailed')));
        },
      },
    );
  });

  return (
    <Modal
      open
      title={t('sellerPromoCodes.editTitle', { code: promo.code })}
      description={t('sellerPromoCodes.editDescription')}
      onClose={onClose}
      busy={update.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
        <PromoCodeFields
          copy="sellerPromoCodes"
          currentKind={promo.kind}
          expiresAt={registered('expires_at')}
          usageLimit={registered('usage_limit')}
          perCustomerLimit={registered('per_customer_limit')}
        />
        <PromoProductChoices products={choices} field={registered('product_ids')} />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('sellerPromoCodes.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
