import {
  PRODUCT_UPDATE_BODY_MAX,
  PRODUCT_UPDATE_TITLE_MAX,
  productUpdateNoteSchema,
  type SellerProductUpdate,
} from '@app/shared';
import { Megaphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSellerProductChoices } from '../api/get-seller-product-choices';
import { useSellerProductUpdates } from '../api/get-seller-product-updates';
import { usePostUpdateNote } from '../api/post-update-note';

/**
 * The seller area's "Updates to past buyers": pick a product, write a note (markdown), send it to
 * every past buyer; below, the product's updates (notes and approved versions) with how many
 * buyers were sent, are still queued and were skipped because they muted the product's updates.
 */
export function SellerProductUpdates() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [productId, setProductId] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="size-5" aria-hidden />
          {t('productUpdates.seller.title')}
        </CardTitle>
        <CardDescription>{t('productUpdates.seller.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {open ? (
          <>
            <ProductPicker productId={productId} onChange={setProductId} />
            {productId && <NoteForm key={productId} productId={productId} />}
            {productId && <SentUpdates key={`sent-${productId}`} productId={productId} />}
          </>
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            {t('productUpdates.seller.open')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function ProductPicker({ productId, onChange }: { productId: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const products = useSellerProductChoices(true);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('productUpdates.seller.product')}
      </label>
      <select id={id} className={inputClasses} value={productId} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('productUpdates.seller.chooseProduct')}</option>
        {(products.data ?? []).map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
          </option>
        ))}
      </select>
    </div>
  );
}

function NoteForm({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const post = usePostUpdateNote();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = productUpdateNoteSchema.safeParse({ title, body });
    if (!parsed.success) {
      const found: { title?: string; body?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'title' | 'body';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    post.mutate(
      { productId, ...parsed.data },
      {
        onSuccess: () => {
          notify.success(t('productUpdates.seller.posted'));
          setTitle('');
          setBody('');
        },
        onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('productUpdates.seller.formLabel')}>
      <Field label={t('productUpdates.seller.noteTitle')} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={PRODUCT_UPDATE_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('productUpdates.seller.noteBody')} hint={t('productUpdates.seller.bodyHint')} error={errors.body}>
        {(control) => (
          <Textarea
            {...control}
            value={body}
            maxLength={PRODUCT_UPDATE_BODY_MAX}
            rows={6}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={post.isPending}>
        {t('productUpdates.seller.submit')}
      </Button>
    </form>
  );
}

function SentUpdates({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const updates = useSellerProductUpdates(productId, page);
  if (updates.isError) {
    return (
      <Alert tone="error" title={t('productUpdates.seller.loadFailed')}>
        {translateMessage(errorMessage(updates.error, t('common.operationFailed')))}
      </Alert>
    );
  }
  const list = updates.data?.updates ?? [];
  return (
    <section aria-labelledby="sent-updates" className="space-y-3">
      <h3 id="sent-updates" className="font-semibold text-slate-900 dark:text-white">
        {t('productUpdates.seller.history')}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('productUpdates.seller.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((update) => (
            <UpdateRow key={update.id} update={update} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={updates.data?.pages ?? 0}
        onPageChange={setPage}
        label={t('productUpdates.seller.history')}
        compact
      />
    </section>
  );
}

function UpdateRow({ update }: { update: SellerProductUpdate }) {
  const { t } = useTranslation();
  const { sent, queued, skipped, failed } = update.deliveries;
  return (
    <li className="space-y-1 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={update.kind === 'version' ? 'info' : 'neutral'}>
          {t(update.kind === 'version' ? 'productUpdates.seller.kindVersion' : 'productUpdates.seller.kindNote')}
        </Badge>
        <span className="font-medium text-slate-900 dark:text-white">{update.title}</span>
        <span className="text-slate-600 dark:text-slate-400">{formatDate(update.created_at)}</span>
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        {t('productUpdates.seller.counts', { sent, queued, skipped })}
        {failed > 0 && (
          <span className="ml-2 text-red-700 dark:text-red-400">{t('productUpdates.seller.failed', { count: failed })}</span>
        )}
      </p>
    </li>
  );
}
