import type { PromoKind } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisteredField } from '@/components/password-fields';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';

/** An ISO instant as a datetime-local value in the reader's own time zone ('' for none). */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A limit or amount as the text of its box ('' for none). */
export const limitText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The registration without its message (a select takes no `error` attribute). */
function withoutError({ error: _error, ...registration }: RegisteredField) {
  return registration;
}

export interface PromoCodeFieldsProps {
  /** Whose words the labels are: the admin's promo codes or the seller's discount codes. */
  copy: 'admin.promoCodes' | 'sellerPromoCodes';
  /** None: the code, its type and value stay as they are and are not shown (an existing seller code). */
  code?: RegisteredField & { readOnly?: boolean; hint?: string };
  kind?: RegisteredField;
  value?: RegisteredField;
  /** The type chosen now: it names the value box (percent or amount). */
  currentKind: PromoKind;
  /** Between the code and its type (the admin's description). */
  afterCode?: ReactNode;
  /** Only the admin's codes may start later. */
  startsAt?: RegisteredField;
  expiresAt: RegisteredField;
  usageLimit: RegisteredField;
  perCustomerLimit: RegisteredField;
}

/**
 * The fields a promo code has wherever it is made or changed (admin dialog, seller dashboard): the
 * code, percent or fixed value, the end (and the admin's start), the total and per-buyer limits.
 * The shared zod schemas check them; the caller registers them with its own form.
 */
export function PromoCodeFields({
  copy,
  code,
  kind,
  value,
  currentKind,
  afterCode,
  startsAt,
  expiresAt,
  usageLimit,
  perCustomerLimit,
}: PromoCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {code && (
        <TextField {...code} label={t(`${copy}.fields.code`)} autoComplete="off" hint={code.hint ?? t(`${copy}.codeHint`)} />
      )}
      {afterCode}
      {kind && value && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t(`${copy}.fields.kind`)} error={kind.error}>
            {(control) => (
              <select {...control} className={inputClasses} {...withoutError(kind)}>
                <option value="percent">{t(`${copy}.kinds.percent`)}</option>
                <option value="fixed">{t(`${copy}.kinds.fixed`)}</option>
              </select>
            )}
          </Field>
          <TextField
            label={currentKind === 'fixed' ? t(`${copy}.fields.amount`) : t(`${copy}.fields.percent`)}
            inputMode="decimal"
            {...value}
          />
        </div>
      )}
      <div className={startsAt ? 'grid gap-4 sm:grid-cols-2' : undefined}>
        {startsAt && <TextField label={t('admin.promoCodes.fields.startsAt')} type="datetime-local" {...startsAt} />}
        <TextField label={t(`${copy}.fields.expiresAt`)} type="datetime-local" {...expiresAt} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t(`${copy}.fields.usageLimit`)} inputMode="numeric" hint={t(`${copy}.noLimitHint`)} {...usageLimit} />
        <TextField
          label={t(`${copy}.fields.perCustomerLimit`)}
          inputMode="numeric"
          hint={t(`${copy}.noLimitHint`)}
          {...perCustomerLimit}
        />
      </div>
    </div>
  );
}
