/**
 * The spec §5 e-mail shape (x@y.z), the same test the shared schemas apply. Kept here
 * so the footer, which is on every page, does not pull the schema library into the
 * first-load bundle.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_SHAPE.test(value);
}
