import { z } from 'zod';
import { type CategorySlug, findCategory, findLicense, LEGACY_LICENSES, type LicenseSlug } from './lean';
import { DATASET_FILE_FORMATS, FRAMEWORKS, HOSTING_OPTIONS, MODEL_FORMATS } from './lean-catalogue';
import { blankToUndefined } from './paging';

// Defined without zod (./lean-catalogue), so the storefront's catalogue pages show cards without the schemas.
export {
  DATASET_FILE_FORMATS,
  FRAMEWORKS,
  type FrameworkSlug,
  findFramework,
  findHostingFacet,
  findOption,
  formatCount,
  GPU_MEMORY_LIMITS,
  HOSTING_FACETS,
  HOSTING_OPTIONS,
  MODEL_FORMATS,
} from './lean-catalogue';

/**
 * The AI listing card: what a buyer wants to know before paying, as structured fields per
 * category (models and ML modules, datasets, APIs and tools) and, for every listing, the licence
 * with a plain-language summary. Defined once here: the product form, the API's validation, the
 * product page, the admin review panel and the catalogue's facets all read it.
 */

export const CARD_KINDS = ['model', 'dataset', 'api'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Which card fields each category fills (scripts and prompt packs: the licence only). */
export const CARD_KIND_OF_CATEGORY: Readonly<Record<CategorySlug, CardKind | null>> = {
  models: 'model',
  'ml-modules': 'model',
  datasets: 'dataset',
  apis: 'api',
  'ai-tools': 'api',
  scripts: null,
  'prompt-packs': null,
};

/** The card fields of a category (by slug or name), or null when it has none. */
export function cardKindOf(category: string | null | undefined): CardKind | null {
  const found = findCategory(category);
  return found ? CARD_KIND_OF_CATEGORY[found.slug] : null;
}

/** What a licence lets a buyer do, in plain words. */
export interface LicenseTerms {
  commercial_use: boolean;
  redistribution: boolean;
  modification: boolean;
}

/** The plain-language summary of each fixed licence (null: the seller states it, with the licence text). */
export const LICENSE_TERMS: Readonly<Record<LicenseSlug, LicenseTerms | null>> = {
  mit: { commercial_use: true, redistribution: true, modification: true },
  'apache-2.0': { commercial_use: true, redistribution: true, modification: true },
  'cc-by-4.0': { commercial_use: true, redistribution: true, modification: true },
  'cc-by-nc-4.0': { commercial_use: false, redistribution: true, modification: true },
  'commercial-single-seat': { commercial_use: true, redistribution: false, modification: true },
  'commercial-team': { commercial_use: true, redistribution: false, modification: true },
  custom: null,
};

const slugsOf = <T extends readonly { slug: string }[]>(list: T) =>
  list.map((item) => item.slug) as unknown as readonly [T[number]['slug'], ...T[number]['slug'][]];

/** A number typed into a form: blank is null, "7B", "125M" and "2k" count parameters. */
function countValue(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (blank === undefined) return null;
  if (typeof blank !== 'string') return blank;
  const match = /^([\d.,]+)\s*([kmbt]?)$/i.exec(blank.replace(/_/g, ''));
  if (!match) return blank;
  const scale = { '': 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Math.round(Number((match[1] ?? '').replace(/,/g, '')) * scale);
}

const blankToNull = (value: unknown) => blankToUndefined(value) ?? null;
const yesNo = (message: string) => z.boolean({ error: message });
const shortText = (max: number, message: string) =>
  z.preprocess((value) => blankToUndefined(value) ?? '', z.string({ error: message }).max(max, message));

export const CARD_MESSAGES = {
  task: 'Describe the task in 2 to 80 characters',
  framework: 'Please choose a framework',
  modelFormat: 'Please choose a model format',
  parameters: 'Parameters must be a whole number such as 7000000 or 7B',
  gpuMemory: 'Minimum GPU memory must be a number of GB from 0 to 1024',
  runsOnCpu: 'Say whether the model runs on a CPU',
  rows: 'Rows must be a whole number, 0 or more',
  columns: 'Columns must be a whole number from 1 to 100,000',
  fileFormats: 'Choose at least one file format',
  size: 'Size must be a number of MB, 0 or more',
  source: 'Source and collection method are limited to 500 characters each',
  personalData: 'Say whether the dataset contains personal data',
  hosting: 'Please choose hosted, self-hosted or both',
  rateLimit: 'Rate limits are limited to 120 characters',
  languages: 'Name 1 to 12 languages or SDKs, 30 characters each at most',
  licenseText: 'A custom licence needs its text (at most 5,000 characters)',
  licenseTerms: 'Say whether your licence allows commercial use, redistribution and modification',
  cardFields: 'Fill in the listing card for this category',
  cardJson: 'The listing card is not valid JSON',
} as const;

export const modelCardSchema = z.object({
  task: z.string({ error: CARD_MESSAGES.task }).trim().min(2, CARD_MESSAGES.task).max(80, CARD_MESSAGES.task),
  framework: z.enum(slugsOf(FRAMEWORKS), { error: CARD_MESSAGES.framework }),
  model_format: z.enum(slugsOf(MODEL_FORMATS), { error: CARD_MESSAGES.modelFormat }),
  /** How many parameters (weights) the model has; null when not stated. */
  parameters: z.preprocess(
    countValue,
    z.coerce
      .number({ error: CARD_MESSAGES.parameters })
      .int(CARD_MESSAGES.parameters)
      .min(1, CARD_MESSAGES.parameters)
      .max(1e13, CARD_MESSAGES.parameters)
      .nullable(),
  ),
  /** GB of GPU memory needed at the least; 0 when no GPU is needed, null when not stated. */
  min_gpu_memory_gb: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: CARD_MESSAGES.gpuMemory })
      .min(0, CARD_MESSAGES.gpuMemory)
      .max(1024, CARD_MESSAGES.gpuMemory)
      .nullable(),
  ),
  runs_on_cpu: yesNo(CARD_MESSAGES.runsOnCpu),
});
export type ModelCard = z.output<typeof modelCardSchema>;

export const datasetCardSchema = z.object({
  rows: z.preprocess(
    countValue,
    z.coerce
      .number({ error: CARD_MESSAGES.rows })
      .int(CARD_MESSAGES.rows)
      .min(0, CARD_MESSAGES.rows)
      .max(1e12, CARD_MESSAGES.rows),
  ),
  columns: z.coerce
    .number({ error: CARD_MESSAGES.columns })
    .int(CARD_MESSAGES.columns)
    .min(1, CARD_MESSAGES.columns)
    .max(100_000, CARD_MESSAGES.columns),
  file_formats: z
    .array(z.enum(slugsOf(DATASET_FILE_FORMATS), { error: CARD_MESSAGES.fileFormats }), { error: CARD_MESSAGES.fileFormats })
    .min(1, CARD_MESSAGES.fileFormats)
    .max(DATASET_FILE_FORMATS.length, CARD_MESSAGES.fileFormats)
    .transform((formats) => [...new Set(formats)]),
  /** Size of the data in MB; null when not stated. */
  size_mb: z.preprocess(
    blankToNull,
    z.coerce.number({ error: CARD_MESSAGES.size }).min(0, CARD_MESSAGES.size).max(1e9, CARD_MESSAGES.size).nullable(),
  ),
  source: shortText(500, CARD_MESSAGES.source),
  collection_method: shortText(500, CARD_MESSAGES.source),
  contains_personal_data: yesNo(CARD_MESSAGES.personalData),
});
export type DatasetCard = z.output<typeof datasetCardSchema>;

export const apiCardSchema = z.object({
  hosting: z.enum(slugsOf(HOSTING_OPTIONS), { error: CARD_MESSAGES.hosting }),
  rate_limit: shortText(120, CARD_MESSAGES.rateLimit),
  languages: z
    .array(z.string({ error: CARD_MESSAGES.languages }).trim().min(1, CARD_MESSAGES.languages).max(30, CARD_MESSAGES.languages), {
      error: CARD_MESSAGES.languages,
    })
    .min(1, CARD_MESSAGES.languages)
    .max(12, CARD_MESSAGES.languages),
});
export type ApiCard = z.output<typeof apiCardSchema>;

/**
 * The card as a seller sends it (the product form's `card` field, JSON): the chosen category's
 * fields under its kind; for a custom licence, its text and summary. Parts for other categories are
 * dropped (a seller who switched category), never stored.
 */
export const listingCardInputSchema = z.object({
  model: modelCardSchema.optional(),
  dataset: datasetCardSchema.optional(),
  api: apiCardSchema.optional(),
  license_text: z.preprocess(blankToUndefined, z.string().max(5000, CARD_MESSAGES.licenseText).optional()),
  commercial_use: z.boolean({ error: CARD_MESSAGES.licenseTerms }).optional(),
  redistribution: z.boolean({ error: CARD_MESSAGES.licenseTerms }).optional(),
  modification: z.boolean({ error: CARD_MESSAGES.licenseTerms }).optional(),
});
export type ListingCardInput = z.input<typeof listingCardInputSchema>;

/** The form's `card` field: JSON text (multipart) or an object; blank is no card. */
export const listingCardFieldSchema = z.preprocess((value, context) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: CARD_MESSAGES.cardJson, input: value });
    return z.NEVER;
  }
}, listingCardInputSchema.optional());

/**
 * What is stored (products.card) and sent: the category's fields (the others null) and, for a
 * custom licence, its text and the seller's summary. Fixed licences' summaries are not stored:
 * LICENSE_TERMS gives them (licenseTermsOf()).
 */
export const storedListingCardSchema = z.object({
  model: modelCardSchema.nullable().optional(),
  dataset: datasetCardSchema.nullable().optional(),
  api: apiCardSchema.nullable().optional(),
  license_text: z.string().nullable().optional(),
  commercial_use: z.boolean().optional(),
  redistribution: z.boolean().optional(),
  modification: z.boolean().optional(),
});
export type StoredListingCard = z.output<typeof storedListingCardSchema>;

/** The parts as the API sends them (plain types: response schemas are encoded, so no transforms). */
const modelCardOutputSchema = z.object({
  task: z.string(),
  framework: z.string(),
  model_format: z.string(),
  parameters: z.number().nullable(),
  min_gpu_memory_gb: z.number().nullable(),
  runs_on_cpu: z.boolean(),
});
const datasetCardOutputSchema = z.object({
  rows: z.number(),
  columns: z.number(),
  file_formats: z.array(z.string()),
  size_mb: z.number().nullable(),
  source: z.string(),
  collection_method: z.string(),
  contains_personal_data: z.boolean(),
});
const apiCardOutputSchema = z.object({ hosting: z.string(), rate_limit: z.string(), languages: z.array(z.string()) });

/** The card as every product carries it in the API: the category's fields and the licence's summary. */
export const listingCardSchema = z.object({
  kind: z.enum(CARD_KINDS).nullable(),
  model: modelCardOutputSchema.nullable(),
  dataset: datasetCardOutputSchema.nullable(),
  api: apiCardOutputSchema.nullable(),
  license_text: z.string().nullable(),
  commercial_use: z.boolean(),
  redistribution: z.boolean(),
  modification: z.boolean(),
});
export type ListingCard = z.output<typeof listingCardSchema>;

/**
 * What a licence allows: the fixed summary, or for a custom licence the seller's (each no until
 * stated). Licence values of the first catalogue ('standard') read as their replacement.
 */
export function licenseTermsOf(license: string | null | undefined, card: StoredListingCard | null | undefined): LicenseTerms {
  const slug = findLicense(license)?.slug;
  const fixed = slug ? LICENSE_TERMS[slug] : null;
  if (fixed) return fixed;
  return {
    commercial_use: card?.commercial_use === true,
    redistribution: card?.redistribution === true,
    modification: card?.modification === true,
  };
}

/** The stored licence values (old ones included) whose licence allows commercial use, for filters in SQL. */
export function licenseValuesAllowingCommercialUse(): string[] {
  const values: string[] = [];
  for (const [slug, terms] of Object.entries(LICENSE_TERMS)) if (terms?.commercial_use) values.push(slug);
  for (const [legacy, slug] of Object.entries(LEGACY_LICENSES)) if (LICENSE_TERMS[slug]?.commercial_use) values.push(legacy);
  return values;
}

/** The card as the API sends it, from what is stored. */
export function presentListingCard(category: string, license: string, stored: StoredListingCard | null | undefined): ListingCard {
  const kind = cardKindOf(category);
  const card = stored ?? {};
  return {
    kind,
    model: kind === 'model' ? valid(modelCardSchema, card.model) : null,
    dataset: kind === 'dataset' ? valid(datasetCardSchema, card.dataset) : null,
    api: kind === 'api' ? valid(apiCardSchema, card.api) : null,
    license_text: findLicense(license)?.slug === 'custom' && typeof card.license_text === 'string' ? card.license_text : null,
    ...licenseTermsOf(license, card),
  };
}

/** A stored part as its schema reads it; null when absent or not valid (a row written by hand). */
function valid<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | null {
  if (value === undefined || value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface CardIssue {
  field: string;
  message: string;
}

/**
 * Checks a card against the listing's category and licence, and gives what is stored: only the
 * category's fields; a custom licence's text and summary. A card sent for a category with fields
 * must fill them; a custom licence needs its text and its three yes/no answers.
 */
export function checkListingCard(
  category: string,
  license: string,
  input: z.output<typeof listingCardInputSchema> | undefined,
): { card: StoredListingCard; issues: CardIssue[] } {
  const issues: CardIssue[] = [];
  const kind = cardKindOf(category);
  const card: StoredListingCard = {};
  if (input !== undefined && kind !== null) {
    const fields = input[kind];
    if (fields) Object.assign(card, { [kind]: fields });
    else issues.push({ field: `card.${kind}`, message: CARD_MESSAGES.cardFields });
  }
  if (findLicense(license)?.slug === 'custom') {
    if (!input?.license_text) issues.push({ field: 'card.license_text', message: CARD_MESSAGES.licenseText });
    else card.license_text = input.license_text;
    const answers = [input?.commercial_use, input?.redistribution, input?.modification];
    if (answers.some((answer) => answer === undefined))
      issues.push({ field: 'card.commercial_use', message: CARD_MESSAGES.licenseTerms });
    else Object.assign(card, { commercial_use: answers[0], redistribution: answers[1], modification: answers[2] });
  }
  return { card, issues };
}
