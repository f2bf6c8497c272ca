import type { PendingChange, ScannedFile } from '@app/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Eye, FileText, GitBranch, Pencil, TriangleAlert, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasDangerousFile, ScanReasons, ScanVerdictBadge } from '@/components/file-scan';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Markdown } from '@/features/community/components/markdown';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDecideProductChange } from '../api/decide-product-change';
import { type ChangeReview, useChangeReview } from '../api/get-change-review';
import { useProductChanges } from '../api/get-product-changes';
import { useProductReviewSettings, useSaveProductReviewSettings } from '../api/product-review-settings';
import { FieldDiffList, FileDiffTable } from './change-diff';
import { RejectDialog } from './reject-dialog';

/**
 * The admins' queue of changes to live products (decision 0038): new versions (changelog and file
 * diff) and edits (field by field). The live listing stays on sale while they wait; approving
 * publishes them at once. Also the setting that lets small description fixes skip the queue.
 */
export function ProductChangesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const changes = useProductChanges(page);
  const [open, setOpen] = useState<PendingChange | null>(null);
  const list = changes.data?.changes ?? [];

  return (
    <section
      aria-labelledby="product-changes"
      className="space-y-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="product-changes" className="text-base font-semibold text-slate-900 dark:text-white">
            {t('versions.admin.title', { count: changes.data?.total ?? 0 })}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('versions.admin.description')}</p>
        </div>
        <MinorEditSetting />
      </div>
      {changes.isPending ? (
        <Spinner size="small" label={t('versions.admin.loading')} />
      ) : changes.isError ? (
        <Alert tone="error">{translateMessage(errorMessage(changes.error, t('common.operationFailed')))}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('versions.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((change) => (
            <li key={`${change.kind}-${change.id}`} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              {change.kind === 'version' ? (
                <GitBranch className="size-4 shrink-0 text-indigo-500" aria-hidden />
              ) : (
                <Pencil className="size-4 shrink-0 text-amber-500" aria-hidden />
              )}
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-900 dark:text-white">{change.product_title}</span>{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  {change.kind === 'version' ? t('versions.admin.newVersion', { label: change.label }) : t('versions.admin.edit')}{' '}
                  · {change.seller_name} · {formatDate(change.created_at)}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setOpen(change)}
                aria-label={t('versions.admin.reviewLabel', { title: change.product_title })}
              >
                <Eye className="size-4" aria-hidden />
                {t('admin.products.reviewAction')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {(changes.data?.pages ?? 0) > 1 && (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('versions.admin.previous')}
          </Button>
          <Button size="sm" variant="outline" disabled={page >= (changes.data?.pages ?? 1)} onClick={() => setPage(page + 1)}>
            {t('versions.admin.next')}
          </Button>
        </div>
      )}
      <ChangeReviewDialog change={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function MinorEditSetting() {
  const { t } = useTranslation();
  const settings = useProductReviewSettings();
  const save = useSaveProductReviewSettings();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (settings.data) setValue(String(settings.data.minor_edit_max_chars));
  }, [settings.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { minor_edit_max_chars: Number(value) },
      {
        onSuccess: () => notify.success(t('versions.admin.settingSaved')),
        onError: (error) =>
          notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed')))),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Field label={t('versions.admin.minorEdit')} hint={t('versions.admin.minorEditHint')} className="w-64">
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            max={500}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending} disabled={!settings.data}>
        {t('versions.admin.save')}
      </Button>
    </form>
  );
}

function ChangeReviewDialog({ change, onClose }: { change: PendingChange | null; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useChangeReview(change);
  const decide = useDecideProductChange();
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const data = review.data;
  const files = data ? (data.kind === 'version' ? data.review.version.files : data.review.added_files) : [];
  const blocked = hasDangerousFile(files);

  const approve = () => {
    if (!change) return;
    decide.mutate(
      { change, decision: 'approve' },
      {
        onSuccess: () => {
          notify.success(change.kind === 'version' ? t('versions.admin.versionApproved') : t('versions.admin.editApproved'));
          onClose();
        },
        onError: (error) =>
          notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed')))),
      },
    );
  };
  const reject = (reason: string) => {
    if (!change) return;
    decide.mutate(
      { change, decision: 'reject', reason },
      {
        onSuccess: () => {
          notify.success(t('versions.admin.rejected'));
          setRejecting(false);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error, t('common.operationFailed'))),
      },
    );
  };

  return (
    <>
      <Dialog.Root open={change !== null && !rejecting} onOpenChange={(isOpen) => !isOpen && onClose()}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900"
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900 dark:text-white">
                {change
                  ? change.kind === 'version'
                    ? t('versions.admin.versionTitle', { title: change.product_title, label: change.label })
                    : t('versions.admin.editTitle', { title: change.product_title })
                  : ''}
              </Dialog.Title>
              <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('common.close')}>
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <div className="flex-1 space-y-6 overflow-y-auto px-6 py-5">
              {review.isError ? (
                <Alert tone="error">{translateMessage(errorMessage(review.error, t('common.operationFailed')))}</Alert>
              ) : !data ? (
                <div className="flex justify-center py-10">
                  <Spinner size="large" />
                </div>
              ) : (
                <ChangeReviewBody data={data} />
              )}
            </div>
            {data && (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-6 py-4 dark:border-slate-800">
                {blocked && (
                  <p className="mr-auto flex items-center gap-2 text-sm text-red-700 dark:text-red-400">
                    <TriangleAlert className="size-4 shrink-0" aria-hidden />
                    {t('scan.dangerousBlocks')}
                  </p>
                )}
                <Button
                  variant="outline"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => {
                    setFailure(null);
                    setRejecting(true);
                  }}
                >
                  <X className="size-4" aria-hidden />
                  {t('admin.products.rejectAction')}
                </Button>
                {!blocked && (
                  <Button onClick={approve} loading={decide.isPending}>
                    <Check className="size-4" aria-hidden />
                    {t('admin.products.approve')}
                  </Button>
                )}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <RejectDialog
        open={rejecting}
        title={t('versions.admin.rejectTitle', { title: change?.product_title ?? '' })}
        busy={decide.isPending}
        failure={failure}
        onCancel={() => setRejecting(false)}
        onReject={reject}
      />
    </>
  );
}

function ScannedFiles({ files, label }: { files: ScannedFile[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{label}</h3>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {files.map((file) => (
          <li key={file.id} className="px-3 py-2 text-sm">
            <div className="flex items-center gap-3">
              <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate text-slate-900 dark:text-white">{file.file_name}</span>
              <ScanVerdictBadge verdict={file.scan_verdict} />
              <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                {formatBytes(file.size_bytes)}
              </span>
            </div>
            <div className="pl-7">
              <ScanReasons reasons={file.scan_reasons} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the change does: a version's changelog and file diff, or an edit's fields before and after. */
export function ChangeReviewBody({ data }: { data: ChangeReview }) {
  const { t } = useTranslation();
  if (data.kind === 'version') {
    const { version, current, file_diff } = data.review;
    return (
      <>
        <section aria-labelledby="version-changelog" className="space-y-2">
          <h3 id="version-changelog" className="text-sm font-semibold text-slate-900 dark:text-white">
            {t('versions.admin.changelog', { label: version.label })}
          </h3>
          {/* The seller's markdown, rendered safely (no raw HTML, no remote images). */}
          <Markdown source={version.changelog} topHeadingLevel={4} className="text-sm text-slate-600 dark:text-slate-400" />
        </section>
        <FileDiffTable diff={file_diff} previousLabel={current.label} />
        <ScannedFiles files={version.files} label={t('versions.admin.scans')} />
      </>
    );
  }
  const { changes, added_files, removed_files } = data.review;
  return (
    <>
      <FieldDiffList changes={changes} />
      <ScannedFiles files={added_files} label={t('versions.admin.addedFiles')} />
      <ScannedFiles files={removed_files} label={t('versions.admin.removedFiles')} />
    </>
  );
}
