import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { englishMessage } from './i18n';

/**
 * Puts a 422's per-field messages (`errors[]`) on the form's own fields.
 * Returns true when at least one landed, so the caller can skip its banner.
 * A message the server sent with its catalogue id is kept as the catalogue's English text for that
 * id, which the fields translate (by id) in the reader's language, now and after a language switch.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { field, message, messageId } of error.fieldErrors) {
    const name = fields.find((candidate) => candidate === field);
    if (name) {
      setError(name, { type: 'server', message: (messageId && englishMessage(messageId)) || message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
