import type { ProductUpdatePreferences as Preferences } from '@app/shared';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type PreferenceChange, useChangeUpdatePreferences, useUpdatePreferences } from '../api/update-preferences';

type Muted = Preferences['muted_products'][number];

/**
 * /profile's "Product updates": one switch for every product, and the products muted one by one
 * (from an e-mail's link or a product page), each with a button to turn it back on; a product just
 * turned back on stays listed with Undo until the page is left.
 */
export function ProductUpdatePreferences() {
  const { t } = useTranslation();
  const preferences = useUpdatePreferences();
  const change = useChangeUpdatePreferences();
  const [resumed, setResumed] = useState<Muted[]>([]);

  const apply = (next: PreferenceChange, done: string, after?: () => void) =>
    change.mutate(next, {
      onSuccess: () => {
        notify.success(done);
        after?.();
      },
      onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
    });

  const muted = preferences.data?.muted_products ?? [];
  const rows = [...muted.map((product) => ({ product, muted: true })), ...resumed.map((product) => ({ product, muted: false }))];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5" aria-hidden />
          {t('productUpdates.preferences.title')}
        </CardTitle>
        <CardDescription>{t('productUpdates.preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {preferences.isError ? (
          <Alert tone="error" title={t('productUpdates.preferences.loadFailed')}>
            {translateMessage(errorMessage(preferences.error, t('common.operationFailed')))}
          </Alert>
        ) : !preferences.data ? (
          <Spinner label={t('productUpdates.preferences.loading')} />
        ) : (
          <>
            <CheckboxField
              label={t('productUpdates.preferences.all')}
              checked={!preferences.data.all_muted}
              disabled={change.isPending}
              onChange={(event) =>
                apply(
                  { allMuted: !event.target.checked },
                  t(event.target.checked ? 'productUpdates.preferences.allOn' : 'productUpdates.preferences.allOff'),
                )
              }
            />
            {preferences.data.all_muted && (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('productUpdates.preferences.allOffNote')}</p>
            )}
            <section aria-labelledby="muted-products" className="space-y-2">
              <h3 id="muted-products" className="font-semibold text-slate-900 dark:text-white">
                {t('productUpdates.preferences.muted')}
              </h3>
              {rows.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('productUpdates.preferences.noneMuted')}</p>
              ) : (
                <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                  {rows.map(({ product, muted: isMuted }) => (
                    <li key={product.product_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0">
                        <Link
                          to={`/products/${product.product_id}`}
                          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          {product.title}
                        </Link>
                        <span className="ml-2 text-slate-600 dark:text-slate-400">
                          {isMuted
                            ? t('productUpdates.preferences.mutedOn', { date: formatDate(product.muted_at) })
                            : t('productUpdates.preferences.resumedNote')}
                        </span>
                      </span>
                      {isMuted ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={change.isPending}
                          aria-label={t('productUpdates.preferences.unmuteLabel', { title: product.title })}
                          onClick={() =>
                            apply(
                              { productId: product.product_id, muted: false },
                              t('productUpdates.preferences.unmuted', { title: product.title }),
                              () => setResumed((list) => [product, ...list.filter((p) => p.product_id !== product.product_id)]),
                            )
                          }
                        >
                          {t('productUpdates.preferences.unmute')}
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={change.isPending}
                          aria-label={t('productUpdates.preferences.undoLabel', { title: product.title })}
                          onClick={() =>
                            apply(
                              { productId: product.product_id, muted: true },
                              t('productUpdates.preferences.mutedAgain', { title: product.title }),
                              () => setResumed((list) => list.filter((p) => p.product_id !== product.product_id)),
                            )
                          }
                        >
                          {t('productUpdates.preferences.undo')}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
