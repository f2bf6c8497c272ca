import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_LIMITS, UPLOAD_TOO_LARGE } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeStream } from 'file-type';
import { AppError } from '../../lib/errors';
import { type Storage, TooLargeError } from '../../lib/storage';
import { asMultipartError, NUL_BYTE_MESSAGE } from '../../lib/validation';

/** A product form received as multipart (spec §5 Product form), its files already in storage. */
export interface ProductUpload {
  fields: Record<string, string>;
  images: string[];
  video: string | null;
  files: { fileName: string; storageKey: string; sizeBytes: number; contentType: string }[];
  /** Every storage key written, for cleanup when anything later fails. */
  written: string[];
}

const MAX_NAME_CHARACTERS = 150;

/**
 * The seller's file name as buyers see it (file lists, the zip, the saved download): the name as
 * given, "-model.zip" and "Übersicht (v2).pdf" included, minus what could mislead or escape. No
 * folders, no leading dots (".." or a hidden file), no control or text-direction characters (an
 * "exe" made to read as "gpj"), none of the characters Windows refuses in a name. The name never
 * reaches the file system: files are stored under a random key.
 */
export function displayFileName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/gu, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_NAME_CHARACTERS) return cleaned || 'file';
  // Too long: shorten the name, keep the extension.
  const extension = Array.from(cleaned.match(/\.[^.]{1,20}$/)?.[0] ?? '');
  return characters.slice(0, MAX_NAME_CHARACTERS - extension.length).join('') + extension.join('');
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = name.replace(/(\.[^.]+)?$/, `-${n}$1`);
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** True when the client went away before sending the whole body. */
function hungUp(request: FastifyRequest): boolean {
  return request.raw.aborted || !request.raw.readableEnded;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);

/**
 * Streams each part straight into storage, enforcing per-type size limits as bytes arrive and
 * checking image/video types by their content. On any failure (bad type, too large, a client
 * that hangs up halfway) everything written so far is deleted before the error propagates.
 */
export async function receiveProductUpload(request: FastifyRequest, storage: Storage, productId: string): Promise<ProductUpload> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'Send the product as multipart/form-data');
  const upload: ProductUpload = { fields: {}, images: [], video: null, files: [], written: [] };
  const takenNames = new Set<string>();
  // A client that hangs up mid-file would leave the write waiting forever: fail it instead.
  // On Node 20 the request's 'close' also fires once its body has been read, so only an
  // aborted or unfinished body counts as a hang-up.
  let current: Readable | null = null;
  let finished = false;
  const onClose = () => {
    if (finished || !hungUp(request)) return;
    current?.destroy(new AppError('BAD_REQUEST', 'The upload was interrupted'));
  };
  request.raw.once('close', onClose);
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_LIMITS.file.maxBytes, files: 20, fields: 40, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.includes('\u0000')) {
          throw new AppError('VALIDATION_FAILED', NUL_BYTE_MESSAGE, [{ field: part.fieldname, message: NUL_BYTE_MESSAGE }]);
        }
        if (value !== 'null' && value !== 'undefined') upload.fields[part.fieldname] = value;
        continue;
      }
      current = part.file as Readable;
      if (!part.filename) {
        part.file.resume(); // not a real file: skipped (spec §5)
        continue;
      }
      if (part.fieldname === 'images') {
        if (upload.images.length >= UPLOAD_LIMITS.image.maxCount)
          throw new AppError('VALIDATION_FAILED', `At most ${UPLOAD_LIMITS.image.maxCount} images`);
        const sniffed = await fileTypeStream(part.file as never);
        if (!sniffed.fileType || !(UPLOAD_LIMITS.image.types as readonly string[]).includes(sniffed.fileType.mime)) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', 'Images must be PNG, JPEG, WebP or GIF files', [
            { field: 'images', message: 'Please select a valid image file' },
          ]);
        }
        const key = `product-images/${productId}-${upload.images.length + 1}.${sniffed.fileType.ext}`;
        upload.written.push(key);
        await storage.putStream(key, sniffed as unknown as Readable, UPLOAD_LIMITS.image.maxBytes);
        upload.images.push(key);
      } else if (part.fieldname === 'demo_video') {
        if (upload.video) throw new AppError('VALIDATION_FAILED', 'Only one demo video');
        const sniffed = await fileTypeStream(part.file as never);
        if (!sniffed.fileType || !(UPLOAD_LIMITS.video.types as readonly string[]).includes(sniffed.fileType.mime)) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', 'The demo video must be MP4, WebM or QuickTime', [
            { field: 'demo_video', message: 'Please select a valid video file' },
          ]);
        }
        const key = `product-videos/${productId}.${sniffed.fileType.ext}`;
        upload.written.push(key);
        await storage.putStream(key, sniffed as unknown as Readable, UPLOAD_LIMITS.video.maxBytes);
        upload.video = key;
      } else if (part.fieldname === 'files') {
        if (upload.files.length >= UPLOAD_LIMITS.file.maxCount)
          throw new AppError('VALIDATION_FAILED', `At most ${UPLOAD_LIMITS.file.maxCount} files`);
        const fileName = uniqueName(displayFileName(part.filename), takenNames);
        // The storage key owes nothing to the name the client sent.
        const key = `product-files/${productId}/${randomUUID()}`;
        upload.written.push(key);
        const sizeBytes = await storage.putStream(key, part.file as Readable, UPLOAD_LIMITS.file.maxBytes);
        if ((part.file as { truncated?: boolean }).truncated) throw tooLarge();
        upload.files.push({ fileName, storageKey: key, sizeBytes, contentType: 'application/octet-stream' });
      } else {
        part.file.resume();
      }
    }
    finished = true;
    return upload;
  } catch (error) {
    finished = true;
    await discardUpload(storage, upload);
    if (error instanceof TooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' || (error as { code?: string }).code === 'FST_PARTS_LIMIT')
      throw tooLarge();
    throw asMultipartError(error);
  } finally {
    request.raw.off('close', onClose);
  }
}

export async function discardUpload(storage: Storage, upload: ProductUpload): Promise<void> {
  await Promise.all(upload.written.map((key) => storage.delete(key).catch(() => {})));
}
