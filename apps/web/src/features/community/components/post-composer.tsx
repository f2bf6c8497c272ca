import { FORUM_BODY_MAX, FORUM_TITLE_MAX } from '@app/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

export interface PostValues {
  title: string;
  body: string;
}

export interface PostComposerProps {
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  /** Validates like the server (the shared schema); its field messages show beside the inputs. */
  schema: z.ZodType;
  /** Shows the title field (threads). */
  withTitle?: boolean;
  initial?: PostValues;
  busy: boolean;
  /** Resolves when saved; a rejection's message and field errors are shown. */
  onSubmit: (values: PostValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Extra fields rendered above the message (category, product). */
  children?: React.ReactNode;
  extraValues?: Record<string, unknown>;
}

/** The form for a new thread, a reply, or an edit of either. */
export function PostComposer({
  label,
  submitLabel,
  schema,
  withTitle = false,
  initial = { title: '', body: '' },
  busy,
  onSubmit,
  onCancel,
  children,
  extraValues = {},
}: PostComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const candidate = withTitle ? { ...extraValues, ...values } : { ...extraValues, body: values.body };
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      const byField = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]));
      setErrors(byField);
      // Messages for fields this form does not draw (category, product) show below it.
      const other = Object.entries(byField).find(([field]) => field !== 'title' && field !== 'body');
      if (other) setFailure(translateMessage(other[1]));
      return;
    }
    setErrors({});
    try {
      await onSubmit(values);
      if (!initial.body) setValues({ title: '', body: '' });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setErrors(Object.fromEntries(error.fieldErrors.map((item) => [item.field, item.message])));
      }
      setFailure(translateMessage(errorMessage(error, t('common.operationFailed'))));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-3">
      {children}
      {withTitle && (
        <Field label={t('community.form.title')} error={errors.title ? translateMessage(errors.title) : undefined}>
          {(control) => (
            <Input
              {...control}
              maxLength={FORUM_TITLE_MAX}
              value={values.title}
              onChange={(event) => setValues({ ...values, title: event.target.value })}
            />
          )}
        </Field>
      )}
      <Field
        label={t('community.form.body')}
        hint={t('community.form.markdownHint')}
        error={errors.body ? translateMessage(errors.body) : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={withTitle ? 8 : 4}
            maxLength={FORUM_BODY_MAX}
            value={values.body}
            onChange={(event) => setValues({ ...values, body: event.target.value })}
          />
        )}
      </Field>
      {failure && (
        <p id={`${id}-failure`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
