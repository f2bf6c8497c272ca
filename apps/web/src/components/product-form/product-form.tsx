import { CATEGORIES, DEFAULT_LICENSE, findLicense, LICENSES, type PublicProduct, productFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ProgressBar } from '@/components/progress-bar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses, Textarea } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { productFormData } from '@/lib/product-form-data';
import { type DownloadLimitControl, DownloadLimitField } from './download-limit-field';
import { type CardErrors, cardFormState, cardInputOf, ListingCardFields } from './listing-card-fields';
import { type FileField, ProductFilesFields, type ProductFilesState } from './product-files-fields';

type FormInput = z.input<typeof productFormSchema>;
type FormOutput = z.output<typeof productFormSchema>;

const TEXT_FIELDS = [
  'title',
  'short_description',
  'description',
  'price',
  'pay_what_you_want',
  'suggested_price',
  'original_price',
  'category',
  'license',
  'tags',
] as const;
const FILE_FIELDS: readonly FileField[] = ['images', 'demo_video', 'files'];

/** 'a, b ,c' → ['a', 'b', 'c']; the schema takes the list as it is. */
function splitTags(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return tags.length > 0 ? tags : undefined;
}

const schemaResolver = zodResolver(productFormSchema);

/** The card's messages by field ('model.task'), from the schema's nested errors. */
function cardErrorsOf(errors: unknown, prefix = ''): CardErrors {
  const found: CardErrors = {};
  if (!errors || typeof errors !== 'object') return found;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === 'ref' || key === 'type') continue;
    if (key === 'message' && typeof value === 'string') {
      found[prefix || 'card'] = value;
      continue;
    }
    Object.assign(found, cardErrorsOf(value, prefix ? `${prefix}.${key}` : key));
  }
  return found;
}

function initialValues(product?: PublicProduct): FormInput {
  return {
    title: product?.title ?? '',
    short_description: product?.short_description ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    pay_what_you_want: product?.pay_what_you_want ?? false,
    suggested_price: product?.suggested_price != null ? String(product.suggested_price) : '',
    original_price: product?.original_price != null ? String(product.original_price) : '',
    category: product?.category_slug ?? '',
    license: (product && findLicense(product.license)?.slug) ?? DEFAULT_LICENSE,
    tags: product?.tags.join(', ') ?? '',
  };
}

const EMPTY_FILES: ProductFilesState = { images: [], demoVideo: null, files: [] };

export interface ProductFormProps {
  /** The product being edited; absent when creating one. */
  product?: PublicProduct;
  submitLabel: string;
  /** Sends the multipart body; reports upload progress (0 to 1). Rejects with an ApiError on failure. */
  onSubmit: (formData: FormData, onProgress: (fraction: number) => void) => Promise<unknown>;
  onSaved?: () => void;
  onCancel?: () => void;
  /** The seller's download limit, checked with the form and saved by the caller (absent: no such field). */
  downloadLimit?: DownloadLimitControl;
}

/**
 * The product form of sellers and simple admins (spec §5 Product form): the shared schema
 * checks the text fields before anything is sent, the files are checked against the upload
 * limits as they are picked, and a progress bar follows the upload.
 */
export function ProductForm({ product, submitLabel, onSubmit, onSaved, onCancel, downloadLimit }: ProductFormProps) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<ProductFilesState>(EMPTY_FILES);
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [card, setCard] = useState(() => cardFormState(product?.card));
  const [serverCardErrors, setServerCardErrors] = useState<CardErrors>({});
  const cardRef = useRef(card);
  cardRef.current = card;
  /** The shared schema, with the tags box read as a comma-separated list and the listing card as the seller filled it. */
  const resolver: Resolver<FormInput, unknown, FormOutput> = useCallback(
    (values, context, options) =>
      schemaResolver(
        {
          ...values,
          tags: splitTags(values.tags),
          card: cardInputOf(cardRef.current, String(values.category ?? ''), String(values.license ?? '')),
        },
        context,
        options,
      ),
    [],
  );
  // A field's error (a server refusal too) goes as soon as the field is edited: after a submit,
  // react-hook-form checks each field again as it changes. No clearErrors() on change: it re-rendered
  // the whole form on every keystroke, error or not.
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: initialValues(product) });
  const category = String(watch('category') ?? '');
  const payWhatYouWant = watch('pay_what_you_want') === true;
  const license = String(watch('license') ?? '');
  const cardErrors = { ...cardErrorsOf((errors as FieldErrors<{ card: unknown }>).card), ...serverCardErrors };

  // A new listing must carry a file to sell (the server refuses one without; an edit keeps the files it has).
  const filesMissing = () => {
    if (product || uploads.files.length > 0) return false;
    setFileErrors((current) => ({ ...current, files: t('productForm.errors.filesRequired') }));
    return true;
  };

  const onValid = handleSubmit(
    async (values) => {
      const limitInvalid = downloadLimit ? !downloadLimit.validate() : false;
      if (filesMissing() || limitInvalid) return;
      setFailure(null);
      setProgress(0);
      const body = productFormData(
        {
          title: values.title,
          short_description: values.short_description,
          description: values.description,
          price: values.price,
          pay_what_you_want: values.pay_what_you_want ? 'true' : 'false',
          suggested_price: values.pay_what_you_want ? values.suggested_price : undefined,
          original_price: values.pay_what_you_want ? undefined : values.original_price,
          category: values.category,
          license: values.license,
          tags: values.tags,
          card: values.card === undefined ? undefined : JSON.stringify(values.card),
        },
        uploads,
      );
      setServerCardErrors({});
      try {
        await onSubmit(body, setProgress);
        setProgress(null);
        if (!product) {
          reset(initialValues());
          setUploads(EMPTY_FILES);
          setCard(cardFormState());
        }
        onSaved?.();
      } catch (error) {
        setProgress(null);
        const onFields = applyServerFieldErrors(error, setError, TEXT_FIELDS);
        const onFiles: Partial<Record<FileField, string>> = {};
        const onCard: CardErrors = {};
        if (error instanceof ApiError) {
          for (const { field, message } of error.fieldErrors) {
            if ((FILE_FIELDS as readonly string[]).includes(field)) onFiles[field as FileField] = translateMessage(message);
            if (field.startsWith('card.')) onCard[field.slice('card.'.length)] = message;
          }
        }
        setFileErrors(onFiles);
        setServerCardErrors(onCard);
        const shown = Object.keys(onFiles).length + Object.keys(onCard).length;
        if (!onFields && shown === 0) setFailure(errorMessage(error, t('productForm.errors.failed')));
      }
    },
    () => {
      filesMissing();
      downloadLimit?.validate();
    },
  );

  const busy = isSubmitting || progress !== null;

  return (
    <form onSubmit={onValid} noValidate className="space-y-6" aria-busy={busy || undefined}>
      {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label={t('productForm.title')}
          fieldClassName="md:col-span-2"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextField
          label={t('productForm.shortDescription')}
          hint={t('productForm.shortDescriptionHint')}
          fieldClassName="md:col-span-2"
          error={errors.short_description?.message}
          {...register('short_description')}
        />
        <Field label={t('productForm.description')} error={errors.description?.message} className="md:col-span-2">
          {(control) => <Textarea {...control} rows={6} {...register('description')} />}
        </Field>
        <TextField
          label={payWhatYouWant ? t('productForm.minimumPrice') : t('productForm.price')}
          hint={payWhatYouWant ? t('productForm.minimumPriceHint') : t('productForm.priceHint')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          error={errors.price?.message}
          {...register('price')}
        />
        {payWhatYouWant ? (
          <TextField
            label={t('productForm.suggestedPrice')}
            hint={t('productForm.suggestedPriceHint')}
            type="number"
            inputMode="decimal"
            min="0.5"
            step="0.01"
            error={errors.suggested_price?.message}
            {...register('suggested_price')}
          />
        ) : (
          <TextField
            label={t('productForm.originalPrice')}
            hint={t('productForm.originalPriceHint')}
            type="number"
            inputMode="decimal"
            min="0.5"
            step="0.01"
            error={errors.original_price?.message}
            {...register('original_price')}
          />
        )}
        <label className="flex items-start gap-2 text-sm text-slate-800 md:col-span-2 dark:text-slate-200">
          <input type="checkbox" className="mt-0.5 size-4" {...register('pay_what_you_want')} />
          <span>
            <span className="font-medium">{t('productForm.payWhatYouWant')}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{t('productForm.payWhatYouWantHint')}</span>
          </span>
        </label>
        <Field label={t('productForm.category')} error={errors.category?.message}>
          {(control) => (
            <select {...control} className={inputClasses} {...register('category')}>
              <option value="">{t('productForm.chooseCategory')}</option>
              {CATEGORIES.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {categoryName(category.slug)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('productForm.license')} error={errors.license?.message}>
          {(control) => (
            <select {...control} className={inputClasses} {...register('license')}>
              {LICENSES.map((license) => (
                <option key={license.slug} value={license.slug}>
                  {licenseName(license.slug)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('productForm.tags')}
          hint={t('productForm.tagsHint')}
          fieldClassName="md:col-span-2"
          error={errors.tags?.message}
          {...register('tags')}
        />
        {downloadLimit && <DownloadLimitField control={downloadLimit} />}
      </div>
      <ListingCardFields
        category={category}
        license={license}
        value={card}
        onChange={(next) => {
          setCard(next);
          setServerCardErrors({});
          clearErrors('card' as never);
        }}
        errors={cardErrors}
      />
      <ProductFilesFields
        value={uploads}
        onChange={setUploads}
        errors={fileErrors}
        onErrorsChange={setFileErrors}
        currentImages={product?.images ?? []}
        editing={Boolean(product)}
      />
      {progress !== null && (
        <ProgressBar
          value={progress}
          label={t('productForm.uploadProgress')}
          caption={
            progress < 1 ? t('productForm.uploading', { percent: Math.round(progress * 100) }) : t('productForm.processing')
          }
        />
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        )}
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('productForm.reviewNote')}</p>
      </div>
    </form>
  );
}
