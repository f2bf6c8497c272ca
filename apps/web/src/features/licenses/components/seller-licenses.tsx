import type { SellerLicense } from '@app/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type LicenseAction, useChangeSellerLicense } from '../api/change-seller-license';
import { useSellerLicenses } from '../api/get-seller-licenses';
import { KeyCheckGuide } from './key-check-guide';
import { LicenseSettingsForm } from './license-settings-form';
import { LicenseStateBadge, useActivationsText } from './license-state';

/** The seller area's licence keys: the setting per product, the keys sold (the sales with a key) and the guide. */
export function SellerLicenses() {
  const { t } = useTranslation();
  const [productId, setProductId] = useState('');
  // The product list loads only when the seller opens the setting (it repeats every product's title).
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          {t('licenses.seller.title')}
        </CardTitle>
        <CardDescription>{t('licenses.seller.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {settingsOpen ? (
          <LicenseSettingsForm productId={productId} onProductChange={setProductId} />
        ) : (
          <Button variant="outline" onClick={() => setSettingsOpen(true)}>
            {t('licenses.seller.openSettings')}
          </Button>
        )}
        <SoldKeys />
        <KeyCheckGuide productId={productId} />
      </CardContent>
    </Card>
  );
}

function SoldKeys() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sold = useSellerLicenses(page);
  const change = useChangeSellerLicense();
  const activations = useActivationsText();

  const act = (license: SellerLicense, action: LicenseAction) =>
    change.mutate(
      { id: license.id, action },
      {
        onSuccess: () => notify.success(t(`licenses.seller.done.${action}`)),
        onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
      },
    );

  if (sold.isError) {
    return (
      <Alert tone="error" title={t('licenses.seller.loadFailed')}>
        {translateMessage(errorMessage(sold.error, t('common.operationFailed')))}
      </Alert>
    );
  }
  const list = sold.data?.licenses ?? [];
  return (
    <section aria-labelledby="sold-keys" className="space-y-3">
      <h3 id="sold-keys" className="font-semibold text-slate-900 dark:text-white">
        {t('licenses.seller.sold')}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('licenses.seller.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((license) => (
            <li key={license.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium text-slate-900 dark:text-white">
                  {license.product_title} · {t('licenses.order', { number: license.order_number })}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {license.buyer_name} ({license.buyer_email}) · {new Date(license.purchased_at).toLocaleDateString()}
                </p>
                <p className="flex flex-wrap items-center gap-2">
                  <code className="font-mono break-all text-slate-800 dark:text-slate-200">{license.key}</code>
                  <LicenseStateBadge state={license.status} />
                  <span className="text-slate-600 dark:text-slate-400">{activations(license.activations)}</span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {license.status === 'active' ? (
                  <Button size="sm" variant="outline" onClick={() => act(license, 'disable')} disabled={change.isPending}>
                    {t('licenses.seller.disable')}
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => act(license, 'enable')} disabled={change.isPending}>
                    {t('licenses.seller.enable')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => act(license, 'reset')}
                  disabled={change.isPending || license.activations.used === 0}
                >
                  {t('licenses.seller.reset')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={sold.data?.pages ?? 0} onPageChange={setPage} label={t('licenses.seller.sold')} compact />
    </section>
  );
}
