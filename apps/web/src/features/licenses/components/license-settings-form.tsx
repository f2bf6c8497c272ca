import { licenseSettingsSchema } from '@app/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useLicensableProducts } from '../api/get-licensable-products';
import { useLicenseSettings, useSaveLicenseSettings } from '../api/license-settings';

/** Picks one of the seller's products and switches its licence keys on or off, with the activation limit. */
export function LicenseSettingsForm({
  productId,
  onProductChange,
}: {
  productId: string;
  onProductChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const products = useLicensableProducts();
  const settings = useLicenseSettings(productId || null);
  const save = useSaveLicenseSettings();
  const [enabled, setEnabled] = useState(false);
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.enabled);
    setLimit(settings.data.activation_limit === null ? '' : String(settings.data.activation_limit));
    setError(undefined);
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = licenseSettingsSchema.safeParse({ enabled, activation_limit: limit.trim() === '' ? null : Number(limit) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { productId, ...parsed.data },
      {
        onSuccess: () => notify.success(t('licenses.seller.saved')),
        onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('licenses.seller.settingsLabel')}>
      <div className="space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('licenses.seller.product')}
        </label>
        <select
          id={selectId}
          className={inputClasses}
          value={productId}
          onChange={(event) => onProductChange(event.target.value)}
        >
          <option value="">{t('licenses.seller.chooseProduct')}</option>
          {(products.data ?? []).map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </select>
      </div>
      {productId && settings.data && (
        <>
          <CheckboxField
            label={t('licenses.seller.enabled')}
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          <Field label={t('licenses.seller.limit')} hint={t('licenses.seller.limitHint')} error={error}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                inputMode="numeric"
                value={limit}
                disabled={!enabled}
                onChange={(event) => setLimit(event.target.value)}
                className="max-w-48"
              />
            )}
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {t('licenses.seller.save')}
          </Button>
        </>
      )}
    </form>
  );
}
