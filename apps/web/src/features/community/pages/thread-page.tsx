import { replySchema, updateThreadSchema } from '@app/shared';
import { ArrowLeft, Lock, Pin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { pathOf } from '@/lib/redirect';
import { usePagedList } from '@/lib/use-paged-list';
import { createReply, deleteThread, moderateThread, updateThread, useForumMutation } from '../api/change-posts';
import { useThread } from '../api/get-thread';
import { Markdown } from '../components/markdown';
import { PostComposer } from '../components/post-composer';
import { PostMeta } from '../components/post-meta';
import { ReplyItem } from '../components/reply-item';
import { ReportForm } from '../components/report-form';

/** /community/threads/:id: a thread, its replies, and the reply form. */
export function ThreadPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<'view' | 'edit' | 'report' | 'delete'>('view');
  const detail = useThread(id, page);
  const { total, pages } = usePagedList(detail, 'replies');
  const reply = useForumMutation((body: string) => createReply(id, body));
  const edit = useForumMutation((values: { title: string; body: string }) => updateThread(id, values));
  const remove = useForumMutation(() => deleteThread(id));
  const moderate = useForumMutation((flags: { is_hidden?: boolean; is_locked?: boolean; is_pinned?: boolean }) =>
    moderateThread(id, flags),
  );
  const failed = (error: unknown) =>
    notify.error(t('community.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  if (detail.isPending) return <Spinner label={t('common.loading')} className="py-24" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {missing ? t('community.notFound') : t('community.failedTitle')}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {missing ? t('community.notFoundHint') : errorMessage(detail.error, t('common.operationFailed'))}
        </p>
        <Link to="/community" className="mt-6 inline-block font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {t('community.backToForum')}
        </Link>
      </div>
    );
  }

  const { thread, replies } = detail.data;
  const signedIn = auth.status === 'authenticated';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <DocumentTitle title={thread.title} />
      <Link
        to="/community"
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('community.backToForum')}
      </Link>

      <article
        aria-labelledby="thread-title"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{t(`community.categories.${thread.category_slug}`, { defaultValue: thread.category_slug })}</Badge>
          {thread.is_pinned && (
            <Badge tone="neutral">
              <Pin className="mr-1 size-3" aria-hidden="true" />
              {t('community.badges.pinned')}
            </Badge>
          )}
          {thread.is_locked && (
            <Badge tone="warning">
              <Lock className="mr-1 size-3" aria-hidden="true" />
              {t('community.badges.locked')}
            </Badge>
          )}
        </div>
        {mode === 'edit' ? (
          <div className="mt-4">
            <PostComposer
              label={t('community.editThread')}
              submitLabel={t('community.save')}
              schema={updateThreadSchema}
              withTitle
              initial={{ title: thread.title, body: thread.body }}
              busy={edit.isPending}
              onSubmit={async (values) => {
                await edit.mutateAsync(values);
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        ) : (
          <>
            <h1 id="thread-title" className="mt-3 text-2xl font-bold break-words text-slate-900 dark:text-white">
              {thread.title}
            </h1>
            <div className="mt-2">
              <PostMeta
                author={thread.author.name}
                createdAt={thread.created_at}
                editedAt={thread.edited_at}
                hidden={thread.is_hidden}
              />
            </div>
            {thread.product && (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {t('community.about')}{' '}
                <Link
                  to={`/products/${thread.product.id}`}
                  className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {thread.product.title}
                </Link>
              </p>
            )}
            <Markdown source={thread.body} className="mt-4" />
          </>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {thread.can_edit && mode !== 'edit' && (
            <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
              {t('community.edit')}
            </Button>
          )}
          {thread.can_delete && (
            <Button size="sm" variant="ghost" onClick={() => setMode('delete')}>
              {t('community.delete')}
            </Button>
          )}
          {signedIn && !thread.can_delete && (
            <Button size="sm" variant="ghost" onClick={() => setMode('report')}>
              {t('community.report.open')}
            </Button>
          )}
          {thread.can_moderate && (
            <>
              <Button
                size="sm"
                variant="outline"
                disabled={moderate.isPending}
                onClick={() => moderate.mutate({ is_pinned: !thread.is_pinned }, { onError: failed })}
              >
                {thread.is_pinned ? t('community.moderation.unpin') : t('community.moderation.pin')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={moderate.isPending}
                onClick={() => moderate.mutate({ is_locked: !thread.is_locked }, { onError: failed })}
              >
                {thread.is_locked ? t('community.moderation.unlock') : t('community.moderation.lock')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={moderate.isPending}
                onClick={() => moderate.mutate({ is_hidden: !thread.is_hidden }, { onError: failed })}
              >
                {thread.is_hidden ? t('community.moderation.show') : t('community.moderation.hide')}
              </Button>
            </>
          )}
        </div>
        {mode === 'report' && <ReportForm target={{ thread_id: thread.id }} onDone={() => setMode('view')} />}
      </article>

      <section aria-labelledby="replies-title" className="mt-8">
        <h2 id="replies-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('community.repliesTitle', { count: total })}
        </h2>
        {replies.length > 0 && (
          <ol className="mt-4 space-y-3">
            {replies.map((item) => (
              <ReplyItem key={item.id} reply={item} signedIn={signedIn} canModerate={thread.can_moderate} />
            ))}
          </ol>
        )}
        <Pagination page={page} pages={pages} onPageChange={setPage} label={t('community.repliesPagination')} className="mt-4" />

        <div className="mt-6">
          {thread.can_reply ? (
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60">
              <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">{t('community.replyTitle')}</h3>
              <PostComposer
                label={t('community.replyTitle')}
                submitLabel={t('community.postReply')}
                schema={replySchema}
                busy={reply.isPending}
                onSubmit={async (values) => {
                  await reply.mutateAsync(values.body);
                  setPage(pages || 1);
                }}
              />
            </div>
          ) : thread.is_locked ? (
            <Alert tone="info">{t('community.lockedNotice')}</Alert>
          ) : !signedIn ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <Link
                to="/login"
                state={{ from: pathOf(location) }}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {t('community.signInToReply')}
              </Link>
            </p>
          ) : null}
        </div>
      </section>

      <ConfirmDialog
        open={mode === 'delete'}
        title={t('community.deleteThreadTitle')}
        description={t('community.deleteThreadMessage')}
        confirmLabel={t('community.delete')}
        busy={remove.isPending}
        onCancel={() => setMode('view')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notify.success(t('community.deletedTitle'), t('community.deletedMessage'));
              void navigate('/community', { replace: true });
            },
            onError: failed,
          })
        }
      />
    </div>
  );
}
