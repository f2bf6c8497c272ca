import { type ForumReply, replySchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { deleteReply, moderateReply, updateReply, useForumMutation } from '../api/change-posts';
import { Markdown } from './markdown';
import { PostComposer } from './post-composer';
import { PostMeta } from './post-meta';
import { ReportForm } from './report-form';

/** One reply with what the viewer may do to it. */
export function ReplyItem({ reply, signedIn, canModerate }: { reply: ForumReply; signedIn: boolean; canModerate: boolean }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'report' | 'delete'>('view');
  const edit = useForumMutation((body: string) => updateReply(reply.id, body));
  const remove = useForumMutation(() => deleteReply(reply.id));
  const hide = useForumMutation((hidden: boolean) => moderateReply(reply.id, hidden));
  const failed = (error: unknown) =>
    notify.error(t('community.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <article aria-label={t('community.replyBy', { name: reply.author.name })}>
        <PostMeta
          author={reply.author.name}
          createdAt={reply.created_at}
          editedAt={reply.edited_at}
          buyer={reply.is_buyer}
          hidden={reply.is_hidden}
        />
        {mode === 'edit' ? (
          <div className="mt-3">
            <PostComposer
              label={t('community.editReply')}
              submitLabel={t('community.save')}
              schema={replySchema}
              initial={{ title: '', body: reply.body }}
              busy={edit.isPending}
              onSubmit={async (values) => {
                await edit.mutateAsync(values.body);
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        ) : (
          <Markdown source={reply.body} className="mt-2" />
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {reply.can_edit && mode !== 'edit' && (
            <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
              {t('community.edit')}
            </Button>
          )}
          {reply.can_delete && (
            <Button size="sm" variant="ghost" onClick={() => setMode('delete')}>
              {t('community.delete')}
            </Button>
          )}
          {signedIn && !reply.can_delete && (
            <Button size="sm" variant="ghost" onClick={() => setMode('report')}>
              {t('community.report.open')}
            </Button>
          )}
          {canModerate && (
            <Button
              size="sm"
              variant="outline"
              disabled={hide.isPending}
              onClick={() => hide.mutate(!reply.is_hidden, { onError: failed })}
            >
              {reply.is_hidden ? t('community.moderation.show') : t('community.moderation.hide')}
            </Button>
          )}
        </div>
        {mode === 'report' && <ReportForm target={{ reply_id: reply.id }} onDone={() => setMode('view')} />}
      </article>
      <ConfirmDialog
        open={mode === 'delete'}
        title={t('community.deleteReplyTitle')}
        description={t('community.deleteReplyMessage')}
        confirmLabel={t('community.delete')}
        busy={remove.isPending}
        onCancel={() => setMode('view')}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setMode('view'), onError: failed })}
      />
    </li>
  );
}
