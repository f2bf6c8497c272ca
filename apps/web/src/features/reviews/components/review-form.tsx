import { type ReviewRequest, reviewRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCreateReview } from '../api/create-review';

const FIELDS: readonly Path<ReviewRequest>[] = ['rating', 'comment'];
const STARS = [1, 2, 3, 4, 5] as const;

/** Shown only to a buyer who may review (the server's `can_review`); validated with the API's own schema. */
export function ReviewForm({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateReview(productId);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<ReviewRequest>({
    resolver: zodResolver(reviewRequestSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { comment: '' },
  });
  const chosen = Number(watch('rating') ?? 0);

  const onSubmit = handleSubmit((values) =>
    create.mutate(reviewRequestSchema.parse(values), {
      onSuccess: () => {
        reset({ comment: '' });
        notify.success(t('reviews.form.savedTitle'), t('reviews.form.savedMessage'));
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, FIELDS);
        notify.error(t('reviews.form.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed'))));
      },
    }),
  );

  const ratingError = errors.rating?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
        {t('reviews.form.title')}
      </h3>
      <div>
        <p id={`${id}-rating`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('reviews.form.rating')}
        </p>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-rating`}
          aria-describedby={ratingError ? `${id}-rating-error` : undefined}
          className="mt-1 flex gap-1"
        >
          {STARS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600"
            >
              <input
                type="radio"
                value={value}
                className="sr-only"
                {...register('rating', { onChange: () => clearErrors('rating') })}
              />
              <span className="sr-only">{t('reviews.form.stars', { count: value })}</span>
              <Star
                aria-hidden
                className={cn(
                  'size-7 transition-colors',
                  value <= chosen ? 'fill-amber-400 text-amber-400' : 'text-slate-300 hover:text-amber-300 dark:text-slate-600',
                )}
              />
            </label>
          ))}
        </div>
        {ratingError && (
          <p id={`${id}-rating-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {translateMessage(ratingError)}
          </p>
        )}
      </div>
      <Field label={t('reviews.form.comment')} error={errors.comment?.message} hint={t('reviews.form.commentHint')}>
        {(control) => (
          <Textarea {...control} rows={4} maxLength={2000} {...register('comment', { onChange: () => clearErrors('comment') })} />
        )}
      </Field>
      <Button type="submit" loading={create.isPending}>
        {t('reviews.form.submit')}
      </Button>
    </form>
  );
}
