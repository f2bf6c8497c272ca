import { hasRole, type ProductUpdate } from '@app/shared';
import { BellOff, BellRing, Megaphone, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteProductUpdate } from '../api/delete-product-update';
import { useProductUpdateNotes } from '../api/get-product-update-notes';
import { useChangeUpdatePreferences, useUpdatePreferences } from '../api/update-preferences';

const Markdown = lazy(async () => ({ default: (await import('@/features/community/components/markdown')).Markdown }));

const PAGE = 3;

/**
 * The product page's "Updates from the seller": the notes the seller sent to past buyers, newest
 * first, markdown rendered as the forum renders it (no raw HTML, scripts or javascript: links).
 * Nothing shows for a product without notes.
 */
export function ProductUpdateNotes({ productId, published }: { productId: string; published: boolean }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const notes = useProductUpdateNotes(productId, limit, published);
  const updates = notes.data?.updates ?? [];
  if (!published || updates.length === 0) return null;
  return (
    <section aria-labelledby="product-updates-title" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="product-updates-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
          <Megaphone className="size-6 text-indigo-600" aria-hidden />
          {t('productUpdates.notes.title')}
        </h2>
        <MuteToggle productId={productId} />
      </div>
      <ol className="mt-4 space-y-4">
        {updates.map((update) => (
          <li key={update.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <article aria-labelledby={`update-${update.id}`}>
              <h3 id={`update-${update.id}`} className="font-semibold text-slate-900 dark:text-white">
                {update.title}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={update.created_at}>
                  {t('productUpdates.notes.posted', { date: formatDate(update.created_at) })}
                </time>
              </p>
              <Suspense fallback={<p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{update.body}</p>}>
                <Markdown source={update.body} topHeadingLevel={4} className="mt-2 text-slate-700 dark:text-slate-300" />
              </Suspense>
              <AdminDelete update={update} />
            </article>
          </li>
        ))}
      </ol>
      {(notes.data?.total ?? 0) > updates.length && (
        <Button variant="outline" className="mt-4" onClick={() => setLimit((value) => value + 10)} disabled={notes.isFetching}>
          {t('productUpdates.notes.more')}
        </Button>
      )}
    </section>
  );
}

/** For a signed-in visitor: stop (or resume) this product's updates without going to the profile. */
function MuteToggle({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useAuth().user);
  const preferences = useUpdatePreferences(signedIn);
  const change = useChangeUpdatePreferences();
  if (!signedIn || !preferences.data || preferences.data.all_muted) return null;
  const muted = preferences.data.muted_products.some((product) => product.product_id === productId);
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={change.isPending}
      onClick={() =>
        change.mutate(
          { productId, muted: !muted },
          {
            onSuccess: () => notify.success(t(muted ? 'productUpdates.mute.resumed' : 'productUpdates.mute.stopped')),
            onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
          },
        )
      }
    >
      {muted ? <BellRing className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
      {t(muted ? 'productUpdates.mute.resume' : 'productUpdates.mute.stop')}
    </Button>
  );
}

/** Admins remove a note (hidden here, and its unsent e-mails are not sent), after confirming. */
function AdminDelete({ update }: { update: ProductUpdate }) {
  const { t } = useTranslation();
  const role = useAuth().user?.role;
  const remove = useDeleteProductUpdate();
  const [asking, setAsking] = useState(false);
  if (!role || !hasRole(role, ['admin'])) return null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="mt-2"
        aria-label={t('productUpdates.notes.deleteLabel', { title: update.title })}
        onClick={() => setAsking(true)}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('productUpdates.notes.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('productUpdates.notes.deleteTitle')}
        description={t('productUpdates.notes.deleteQuestion', { title: update.title })}
        confirmLabel={t('productUpdates.notes.delete')}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(update.id, {
            onSuccess: () => {
              setAsking(false);
              notify.success(t('productUpdates.notes.deleted'));
            },
            onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
          })
        }
      />
    </>
  );
}
