import {
  type CardKind,
  cardKindOf,
  DATASET_FILE_FORMATS,
  FRAMEWORKS,
  findLicense,
  HOSTING_OPTIONS,
  type ListingCard,
  type ListingCardInput,
  MODEL_FORMATS,
} from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses, Textarea } from '@/components/ui/input';
import { translateMessage } from '@/lib/i18n';

type YesNo = '' | 'yes' | 'no';

/** The card as the form holds it: text as typed, yes/no as a choice, for every kind (switching category keeps what was typed). */
export interface CardFormState {
  model: {
    task: string;
    framework: string;
    model_format: string;
    parameters: string;
    min_gpu_memory_gb: string;
    runs_on_cpu: YesNo;
  };
  dataset: {
    rows: string;
    columns: string;
    file_formats: string[];
    size_mb: string;
    source: string;
    collection_method: string;
    contains_personal_data: YesNo;
  };
  api: { hosting: string; rate_limit: string; languages: string };
  license_text: string;
  commercial_use: YesNo;
  redistribution: YesNo;
  modification: YesNo;
}

/** Server and schema messages per card field ('model.task', 'license_text', …). */
export type CardErrors = Record<string, string>;

const yesNoOf = (value: boolean | undefined | null): YesNo => (value === true ? 'yes' : value === false ? 'no' : '');
const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form's starting card: the product's when editing, else empty. */
export function cardFormState(card?: ListingCard): CardFormState {
  const custom = Boolean(card?.license_text);
  return {
    model: {
      task: card?.model?.task ?? '',
      framework: card?.model?.framework ?? '',
      model_format: card?.model?.model_format ?? '',
      parameters: text(card?.model?.parameters),
      min_gpu_memory_gb: text(card?.model?.min_gpu_memory_gb),
      runs_on_cpu: yesNoOf(card?.model?.runs_on_cpu),
    },
    dataset: {
      rows: text(card?.dataset?.rows),
      columns: text(card?.dataset?.columns),
      file_formats: card?.dataset?.file_formats ?? [],
      size_mb: text(card?.dataset?.size_mb),
      source: card?.dataset?.source ?? '',
      collection_method: card?.dataset?.collection_method ?? '',
      contains_personal_data: yesNoOf(card?.dataset?.contains_personal_data),
    },
    api: {
      hosting: card?.api?.hosting ?? '',
      rate_limit: card?.api?.rate_limit ?? '',
      languages: card?.api?.languages.join(', ') ?? '',
    },
    license_text: card?.license_text ?? '',
    commercial_use: custom ? yesNoOf(card?.commercial_use) : '',
    redistribution: custom ? yesNoOf(card?.redistribution) : '',
    modification: custom ? yesNoOf(card?.modification) : '',
  };
}

const booleanOf = (value: YesNo) => (value === '' ? undefined : value === 'yes');
const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());
const filled = (values: unknown[]) =>
  values.some((value) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== ''));

/**
 * What the form sends as `card` (the shared schema checks it): only the chosen category's fields,
 * when any of them is filled (all empty: no card), and a custom licence's text and summary.
 */
export function cardInputOf(state: CardFormState, category: string, license: string): ListingCardInput | undefined {
  const input: ListingCardInput = {};
  const kind = cardKindOf(category);
  if (kind === 'model' && filled(Object.values(state.model))) {
    const m = state.model;
    input.model = {
      task: m.task,
      framework: blank(m.framework) as never,
      model_format: blank(m.model_format) as never,
      parameters: blank(m.parameters) ?? null,
      min_gpu_memory_gb: blank(m.min_gpu_memory_gb) ?? null,
      runs_on_cpu: booleanOf(m.runs_on_cpu) as boolean,
    };
  }
  if (kind === 'dataset' && filled(Object.values(state.dataset))) {
    const d = state.dataset;
    input.dataset = {
      rows: blank(d.rows) as never,
      columns: blank(d.columns) as never,
      file_formats: d.file_formats as never,
      size_mb: blank(d.size_mb) ?? null,
      source: d.source,
      collection_method: d.collection_method,
      contains_personal_data: booleanOf(d.contains_personal_data) as boolean,
    };
  }
  if (kind === 'api' && filled(Object.values(state.api))) {
    const a = state.api;
    input.api = {
      hosting: blank(a.hosting) as never,
      rate_limit: a.rate_limit,
      languages: a.languages
        .split(',')
        .map((language) => language.trim())
        .filter(Boolean),
    };
  }
  if (findLicense(license)?.slug === 'custom') {
    input.license_text = state.license_text;
    input.commercial_use = booleanOf(state.commercial_use);
    input.redistribution = booleanOf(state.redistribution);
    input.modification = booleanOf(state.modification);
  }
  return Object.keys(input).length > 0 ? input : undefined;
}

export interface ListingCardFieldsProps {
  category: string;
  license: string;
  value: CardFormState;
  onChange: (next: CardFormState) => void;
  errors: CardErrors;
}

/** The listing card's part of the product form: only the chosen category's fields, and a custom licence's terms. */
export function ListingCardFields({ category, license, value, onChange, errors }: ListingCardFieldsProps) {
  const { t } = useTranslation();
  const kind = cardKindOf(category);
  const custom = findLicense(license)?.slug === 'custom';
  if (!kind && !custom) return null;
  const set = <K extends CardKind>(part: K, field: keyof CardFormState[K], next: unknown) =>
    onChange({ ...value, [part]: { ...value[part], [field]: next } });
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">{t('listingCard.form.heading')}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('listingCard.form.hint')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {kind === 'model' && (
          <>
            <TextField
              label={t('listingCard.task')}
              value={value.model.task}
              error={errors['model.task']}
              onChange={(event) => set('model', 'task', event.target.value)}
            />
            <SelectField
              label={t('listingCard.framework')}
              value={value.model.framework}
              options={FRAMEWORKS}
              error={errors['model.framework']}
              onChange={(next) => set('model', 'framework', next)}
            />
            <SelectField
              label={t('listingCard.modelFormat')}
              value={value.model.model_format}
              options={MODEL_FORMATS}
              error={errors['model.model_format']}
              onChange={(next) => set('model', 'model_format', next)}
            />
            <TextField
              label={t('listingCard.parameters')}
              hint={t('listingCard.form.parametersHint')}
              value={value.model.parameters}
              error={errors['model.parameters']}
              onChange={(event) => set('model', 'parameters', event.target.value)}
            />
            <TextField
              label={t('listingCard.gpuMemory')}
              hint={t('listingCard.form.gpuHint')}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={value.model.min_gpu_memory_gb}
              error={errors['model.min_gpu_memory_gb']}
              onChange={(event) => set('model', 'min_gpu_memory_gb', event.target.value)}
            />
            <YesNoField
              label={t('listingCard.runsOnCpu')}
              value={value.model.runs_on_cpu}
              error={errors['model.runs_on_cpu']}
              onChange={(next) => set('model', 'runs_on_cpu', next)}
            />
          </>
        )}
        {kind === 'dataset' && (
          <>
            <TextField
              label={t('listingCard.rows')}
              inputMode="numeric"
              value={value.dataset.rows}
              error={errors['dataset.rows']}
              onChange={(event) => set('dataset', 'rows', event.target.value)}
            />
            <TextField
              label={t('listingCard.columns')}
              type="number"
              inputMode="numeric"
              min="1"
              value={value.dataset.columns}
              error={errors['dataset.columns']}
              onChange={(event) => set('dataset', 'columns', event.target.value)}
            />
            <FormatsField
              value={value.dataset.file_formats}
              error={errors['dataset.file_formats']}
              onChange={(next) => set('dataset', 'file_formats', next)}
            />
            <TextField
              label={t('listingCard.size')}
              hint={t('listingCard.form.sizeHint')}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={value.dataset.size_mb}
              error={errors['dataset.size_mb']}
              onChange={(event) => set('dataset', 'size_mb', event.target.value)}
            />
            <TextField
              label={t('listingCard.source')}
              value={value.dataset.source}
              error={errors['dataset.source']}
              onChange={(event) => set('dataset', 'source', event.target.value)}
            />
            <TextField
              label={t('listingCard.collectionMethod')}
              value={value.dataset.collection_method}
              error={errors['dataset.collection_method']}
              onChange={(event) => set('dataset', 'collection_method', event.target.value)}
            />
            <YesNoField
              label={t('listingCard.personalData')}
              value={value.dataset.contains_personal_data}
              error={errors['dataset.contains_personal_data']}
              onChange={(next) => set('dataset', 'contains_personal_data', next)}
            />
          </>
        )}
        {kind === 'api' && (
          <>
            <SelectField
              label={t('listingCard.hosting')}
              value={value.api.hosting}
              options={HOSTING_OPTIONS.map((option) => ({
                slug: option.slug,
                name: t(`listingCard.hostingOptions.${option.slug}`),
              }))}
              error={errors['api.hosting']}
              onChange={(next) => set('api', 'hosting', next)}
            />
            <TextField
              label={t('listingCard.rateLimit')}
              value={value.api.rate_limit}
              error={errors['api.rate_limit']}
              onChange={(event) => set('api', 'rate_limit', event.target.value)}
            />
            <TextField
              label={t('listingCard.languages')}
              hint={t('listingCard.form.languagesHint')}
              fieldClassName="md:col-span-2"
              value={value.api.languages}
              error={errors['api.languages']}
              onChange={(event) => set('api', 'languages', event.target.value)}
            />
          </>
        )}
        {custom && (
          <>
            <Field
              label={t('listingCard.licenseText')}
              hint={t('listingCard.form.licenseTextHint')}
              error={errors.license_text}
              className="md:col-span-2"
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  value={value.license_text}
                  onChange={(event) => onChange({ ...value, license_text: event.target.value })}
                />
              )}
            </Field>
            <p className="text-sm font-medium text-slate-800 md:col-span-2 dark:text-slate-200">
              {t('listingCard.form.licenseTerms')}
            </p>
            {(['commercial_use', 'redistribution', 'modification'] as const).map((term) => (
              <YesNoField
                key={term}
                label={t(`listingCard.${term === 'commercial_use' ? 'commercialUse' : term}`)}
                value={value[term]}
                error={term === 'commercial_use' ? errors.commercial_use : undefined}
                onChange={(next) => onChange({ ...value, [term]: next })}
              />
            ))}
          </>
        )}
      </div>
    </fieldset>
  );
}

function SelectField({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { slug: string; name: string }[];
  error?: string;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select {...control} className={inputClasses} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('listingCard.form.choose')}</option>
          {options.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function YesNoField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: YesNo;
  error?: string;
  onChange: (next: YesNo) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={value}
      options={[
        { slug: 'yes', name: t('listingCard.yes') },
        { slug: 'no', name: t('listingCard.no') },
      ]}
      error={error}
      onChange={(next) => onChange(next as YesNo)}
    />
  );
}

function FormatsField({ value, error, onChange }: { value: string[]; error?: string; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-1.5 md:col-span-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('listingCard.fileFormats')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {DATASET_FILE_FORMATS.map((format) => (
          <label key={format.slug} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-indigo-600"
              checked={value.includes(format.slug)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, format.slug] : value.filter((slug) => slug !== format.slug))
              }
            />
            {format.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {translateMessage(error)}
        </p>
      )}
    </fieldset>
  );
}
