import { FORUM_REPORT_REASON_MAX } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { reportPost, useForumMutation } from '../api/change-posts';

/** Tells moderators what is wrong with a thread or a reply. */
export function ReportForm({ target, onDone }: { target: { thread_id: string } | { reply_id: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useForumMutation(reportPost);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('community.report.reasonRequired'));
    report.mutate(
      { ...target, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('community.report.sentTitle'), t('community.report.sentMessage'));
          onDone();
        },
        onError: (failure) => setError(translateMessage(errorMessage(failure, t('common.operationFailed')))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('community.report.label')} className="mt-3 space-y-2">
      <Field label={t('community.report.reason')} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={FORUM_REPORT_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={report.isPending}>
          {t('community.report.submit')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
