import { AVATAR_MAX_BYTES, type PublicUser } from '@app/shared';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useUploadAvatar } from '../api/upload-avatar';
import { avatarFileProblem } from '../lib/avatar-file';

export function AvatarUpload({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) return;
    const issue = avatarFileProblem(picked);
    setProblem(issue);
    if (issue) {
      clear();
      notify.error(t('profile.avatar.failedTitle'), translateMessage(issue));
      return;
    }
    setFile(picked);
  };

  const onUpload = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        clear();
        notify.success(t('profile.avatar.savedTitle'), t('profile.avatar.savedMessage'));
      },
      onError: (error) => {
        const message = errorMessage(error, t('common.operationFailed'));
        setProblem(message);
        notify.error(t('profile.avatar.failedTitle'), translateMessage(message));
      },
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar user={user} src={preview} className="size-20 text-2xl" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={`${buttonClasses('outline', 'sm')} cursor-pointer focus-within:outline-2 focus-within:outline-indigo-600`}
          >
            <ImageUp className="size-4" aria-hidden />
            {t('profile.avatar.choose')}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              onChange={onPick}
            />
          </label>
          {file && (
            <>
              <Button size="sm" onClick={onUpload} loading={upload.isPending}>
                {t('profile.avatar.upload')}
              </Button>
              <Button size="sm" variant="ghost" onClick={clear} disabled={upload.isPending}>
                {t('common.cancel')}
              </Button>
            </>
          )}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('profile.avatar.hint', { size: Math.round(AVATAR_MAX_BYTES / (1024 * 1024)) })}
        </p>
        {problem && (
          <p className="text-sm text-red-600 dark:text-red-400" role="alert">
            {translateMessage(problem)}
          </p>
        )}
      </div>
    </div>
  );
}
