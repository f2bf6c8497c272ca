import { type PublicProduct, type RevisionField, VERSION_MESSAGES, versionFormSchema } from '@app/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { GitBranch, Upload, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSellerVersions } from '../api/get-seller-versions';
import { useSubmitProductVersion } from '../api/submit-product-version';

/**
 * The versions of one of the seller's approved products, and the form for the next one (label,
 * markdown changelog, its files). Buyers keep the current version until an admin approves the new
 * one; then every buyer downloads it and every earlier version (decision 0038).
 */
export function ProductVersionsDialog({ product, onClose }: { product: PublicProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const versions = useSellerVersions(product.id);
  const submit = useSubmitProductVersion();
  const [label, setLabel] = useState('');
  const [changelog, setChangelog] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingVersion = versions.data?.versions.some((version) => version.status === 'pending') ?? false;

  const send = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = versionFormSchema.safeParse({ label, changelog });
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? null);
    if (files.length === 0) return setFailure(VERSION_MESSAGES.filesRequired);
    const formData = new FormData();
    formData.set('label', parsed.data.label);
    formData.set('changelog', parsed.data.changelog);
    for (const file of files) formData.append('files', file);
    setProgress(0);
    submit.mutate(
      { productId: product.id, formData, onProgress: setProgress },
      {
        onSuccess: () => {
          notify.success(t('versions.seller.submitted', { label: parsed.data.label }));
          setLabel('');
          setChangelog('');
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setFailure(errorMessage(error, t('common.operationFailed'))),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
            <div>
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900 dark:text-white">
                {t('versions.seller.title', { title: product.title })}
              </Dialog.Title>
              {versions.data && (
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                  {t('versions.seller.current', { label: versions.data.current_label })}
                </p>
              )}
            </div>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('common.close')}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-6 overflow-y-auto px-6 py-5">
            {versions.data?.pending_revision && (
              <Alert tone="info">
                {t('versions.seller.pendingEdit', {
                  fields: versions.data.pending_revision.fields
                    .map((field) => t(`versions.diff.field.${field as RevisionField | 'files'}`))
                    .join(', '),
                })}
              </Alert>
            )}
            <form onSubmit={send} noValidate className="space-y-4" aria-labelledby="new-version-title">
              <h3 id="new-version-title" className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('versions.seller.newVersion')}
              </h3>
              {pendingVersion && <Alert tone="info">{t('versions.seller.pendingVersion')}</Alert>}
              {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
              <Field label={t('versions.seller.label')} hint={t('versions.seller.labelHint')}>
                {(control) => <Input {...control} value={label} maxLength={30} onChange={(e) => setLabel(e.target.value)} />}
              </Field>
              <Field label={t('versions.seller.changelog')} hint={t('versions.seller.changelogHint')}>
                {(control) => <Textarea {...control} rows={6} value={changelog} onChange={(e) => setChangelog(e.target.value)} />}
              </Field>
              <Field label={t('versions.seller.files')} hint={t('versions.seller.filesHint')}>
                {(control) => (
                  <input
                    {...control}
                    ref={fileInput}
                    type="file"
                    multiple
                    onChange={(e) => setFiles([...(e.target.files ?? [])])}
                    className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-indigo-700 dark:text-slate-300"
                  />
                )}
              </Field>
              <div className="flex items-center justify-end gap-3">
                {progress !== null && <span className="text-xs text-slate-500 tabular-nums">{Math.round(progress * 100)}%</span>}
                <Button type="submit" loading={submit.isPending} disabled={pendingVersion}>
                  <Upload className="size-4" aria-hidden />
                  {t('versions.seller.submit')}
                </Button>
              </div>
            </form>
            <section aria-labelledby="version-list-title" className="space-y-3">
              <h3 id="version-list-title" className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('versions.seller.history')}
              </h3>
              {versions.isPending ? (
                <Spinner size="small" />
              ) : versions.isError ? (
                <Alert tone="error">{translateMessage(errorMessage(versions.error, t('common.operationFailed')))}</Alert>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {versions.data.versions.map((version) => (
                    <li key={version.id ?? 'first'} className="space-y-1 px-3 py-2 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <GitBranch className="size-4 text-slate-400" aria-hidden />
                        <span className="font-medium text-slate-900 dark:text-white">{version.label}</span>
                        <span className="text-xs text-slate-500 dark:text-slate-400">
                          {formatDate(version.released_at ?? version.created_at)} ·{' '}
                          {t('versions.seller.fileCount', {
                            count: version.files.length,
                            size: formatBytes(version.files.reduce((sum, file) => sum + file.size_bytes, 0)),
                          })}
                        </span>
                      </div>
                      <ProductReviewStatus status={version.status} rejectionReason={version.rejection_reason} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
