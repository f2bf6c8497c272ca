/** The files a product form carries besides its text fields. */
export interface ProductUploadFiles {
  images: readonly File[];
  demoVideo: File | null;
  files: readonly File[];
}

/**
 * The multipart body of a product form (spec §5 Product form): scalar fields as text, array
 * fields as JSON text only when non-empty, null and undefined fields skipped, file parts
 * `images` (many), `demo_video` (one) and `files` (many), and anything that is not a real file skipped.
 */
export function productFormData(fields: Record<string, unknown>, uploads: ProductUploadFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) form.append(name, JSON.stringify(value));
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      form.append(name, String(value));
    }
  }
  const isFile = (value: unknown): value is File => value instanceof File && value.name !== '';
  for (const image of uploads.images) if (isFile(image)) form.append('images', image);
  if (isFile(uploads.demoVideo)) form.append('demo_video', uploads.demoVideo);
  for (const file of uploads.files) if (isFile(file)) form.append('files', file);
  return form;
}
