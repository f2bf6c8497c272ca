import { UPLOAD_LIMITS } from '@app/shared';
import { FileText, Film, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';

export type FileField = 'images' | 'demo_video' | 'files';

export interface ProductFilesState {
  images: File[];
  demoVideo: File | null;
  files: File[];
}

const fileInputClasses = cn(
  'block w-full cursor-pointer rounded-lg border border-dashed border-slate-300 bg-white p-2 text-sm text-slate-600',
  'file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400 dark:file:bg-indigo-950 dark:file:text-indigo-300',
);

const MB = 1024 * 1024;

/** An object URL for a picked image, released when it is removed. jsdom and old browsers may have none. */
function usePreview(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    try {
      created = URL.createObjectURL(file);
    } catch {
      created = null;
    }
    setUrl(created);
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [file]);
  return url;
}

function ImagePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = usePreview(file);
  return (
    <li className="group relative aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800">
      {url ? (
        <img src={url} alt={file.name} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-500 dark:text-slate-400">
          {file.name}
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('productForm.remove', { name: file.name })}
        className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

function FileRow({ file, icon: Icon, onRemove }: { file: File; icon: typeof FileText; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
      <Icon className="size-4 shrink-0 text-slate-400" aria-hidden />
      <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200">{file.name}</span>
      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400 tabular-nums">{formatBytes(file.size)}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('productForm.remove', { name: file.name })}
        className="rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-red-600 dark:hover:bg-slate-800"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

export interface ProductFilesFieldsProps {
  value: ProductFilesState;
  onChange: (next: ProductFilesState) => void;
  errors: Partial<Record<FileField, string>>;
  onErrorsChange: (next: Partial<Record<FileField, string>>) => void;
  /** Images already on the product (edit only). */
  currentImages: readonly string[];
  editing: boolean;
}

/** Images with previews, one demo video and the downloadable files, each checked against UPLOAD_LIMITS when picked. */
export function ProductFilesFields({ value, onChange, errors, onErrorsChange, currentImages, editing }: ProductFilesFieldsProps) {
  const { t } = useTranslation();
  const limits = UPLOAD_LIMITS;

  const setError = (field: FileField, message: string | undefined) => onErrorsChange({ ...errors, [field]: message });

  const picked = (event: ChangeEvent<HTMLInputElement>): File[] => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    return files;
  };

  const onImages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = picked(event);
    if (files.some((file) => !(limits.image.types as readonly string[]).includes(file.type))) {
      return setError('images', t('productForm.errors.imageType'));
    }
    if (files.some((file) => file.size > limits.image.maxBytes)) {
      return setError('images', t('productForm.errors.imageSize', { mb: limits.image.maxBytes / MB }));
    }
    if (value.images.length + files.length > limits.image.maxCount) {
      return setError('images', t('productForm.errors.imageCount', { max: limits.image.maxCount }));
    }
    setError('images', undefined);
    onChange({ ...value, images: [...value.images, ...files] });
  };

  const onVideo = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = picked(event);
    if (!file) return;
    if (!(limits.video.types as readonly string[]).includes(file.type)) {
      return setError('demo_video', t('productForm.errors.videoType'));
    }
    if (file.size > limits.video.maxBytes) {
      return setError('demo_video', t('productForm.errors.videoSize', { mb: limits.video.maxBytes / MB }));
    }
    setError('demo_video', undefined);
    onChange({ ...value, demoVideo: file });
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = picked(event);
    if (files.some((file) => file.size > limits.file.maxBytes)) {
      return setError('files', t('productForm.errors.fileSize', { mb: limits.file.maxBytes / MB }));
    }
    if (value.files.length + files.length > limits.file.maxCount) {
      return setError('files', t('productForm.errors.fileCount', { max: limits.file.maxCount }));
    }
    setError('files', undefined);
    onChange({ ...value, files: [...value.files, ...files] });
  };

  return (
    <div className="space-y-5">
      <Field
        label={t('productForm.images')}
        hint={editing ? `${t('productForm.imagesHint')} ${t('productForm.imagesReplace')}` : t('productForm.imagesHint')}
        error={errors.images}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            multiple
            accept={limits.image.types.join(',')}
            className={fileInputClasses}
            onChange={onImages}
          />
        )}
      </Field>
      {value.images.length > 0 && (
        <ul aria-label={t('productForm.newImages')} className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {value.images.map((file, index) => (
            <ImagePreview
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              onRemove={() => onChange({ ...value, images: value.images.filter((_, i) => i !== index) })}
            />
          ))}
        </ul>
      )}
      {editing && currentImages.length > 0 && value.images.length === 0 && (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('productForm.currentImages')}</p>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {currentImages.map((src) => (
              <li
                key={src}
                className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800"
              >
                <img src={src} alt="" className="size-full object-cover" />
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field label={t('productForm.demoVideo')} hint={t('productForm.demoVideoHint')} error={errors.demo_video}>
        {(control) => (
          <input {...control} type="file" accept={limits.video.types.join(',')} className={fileInputClasses} onChange={onVideo} />
        )}
      </Field>
      {value.demoVideo && (
        <ul>
          <FileRow file={value.demoVideo} icon={Film} onRemove={() => onChange({ ...value, demoVideo: null })} />
        </ul>
      )}
      <Field
        label={t('productForm.files')}
        hint={editing ? `${t('productForm.filesHint')} ${t('productForm.filesAdded')}` : t('productForm.filesHint')}
        error={errors.files}
      >
        {(control) => <input {...control} type="file" multiple className={fileInputClasses} onChange={onFiles} />}
      </Field>
      {value.files.length > 0 && (
        <ul aria-label={t('productForm.newFiles')} className="space-y-2">
          {value.files.map((file, index) => (
            <FileRow
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              icon={FileText}
              onRemove={() => onChange({ ...value, files: value.files.filter((_, i) => i !== index) })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
