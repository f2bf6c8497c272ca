import { AVATAR_IMAGE_TYPES, AVATAR_MAX_BYTES } from '@app/shared';

/** Spec §5 Avatar upload, checked before the upload (the server checks again). Returns the English message or null. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Please select a valid image file';
  if (file.size >= AVATAR_MAX_BYTES) return 'Image must be less than 5MB';
  return null;
}
