/**
 * The catalogue pages' constants and helpers, without zod (./lean.ts says why). They are kept out
 * of lean.ts because the storefront's first script imports that module: a bundler puts a module
 * in one chunk, so these would ride in the first script instead of the pages' own code. The
 * schema modules (catalog.ts, listing-card.ts, cart.ts, seller-profile.ts) re-export them.
 */

/** The listing card's choices (listing-card.ts re-exports them with its schemas). */
export const FRAMEWORKS = [
  { slug: 'pytorch', name: 'PyTorch' },
  { slug: 'tensorflow', name: 'TensorFlow' },
  { slug: 'jax', name: 'JAX' },
  { slug: 'onnx', name: 'ONNX Runtime' },
  { slug: 'scikit-learn', name: 'scikit-learn' },
  { slug: 'keras', name: 'Keras' },
  { slug: 'xgboost', name: 'XGBoost' },
  { slug: 'llama-cpp', name: 'llama.cpp' },
  { slug: 'other', name: 'Other' },
] as const;
export type FrameworkSlug = (typeof FRAMEWORKS)[number]['slug'];

export const MODEL_FORMATS = [
  { slug: 'safetensors', name: 'safetensors' },
  { slug: 'gguf', name: 'GGUF' },
  { slug: 'onnx', name: 'ONNX' },
  { slug: 'pytorch', name: 'PyTorch checkpoint (.pt)' },
  { slug: 'savedmodel', name: 'TensorFlow SavedModel' },
  { slug: 'pickle', name: 'pickle / joblib' },
  { slug: 'other', name: 'Other' },
] as const;

export const DATASET_FILE_FORMATS = [
  { slug: 'csv', name: 'CSV' },
  { slug: 'tsv', name: 'TSV' },
  { slug: 'jsonl', name: 'JSON Lines' },
  { slug: 'json', name: 'JSON' },
  { slug: 'parquet', name: 'Parquet' },
  { slug: 'arrow', name: 'Arrow' },
  { slug: 'sqlite', name: 'SQLite' },
  { slug: 'images', name: 'Images' },
  { slug: 'audio', name: 'Audio' },
  { slug: 'text', name: 'Plain text' },
  { slug: 'other', name: 'Other' },
] as const;

/** "7B", "125M", "3.5k": a count as the card shows it. */
export function formatCount(value: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, unit] of units)
    if (value >= size) return `${Number((value / size).toFixed(value / size >= 100 ? 0 : 1))}${unit}`;
  return String(value);
}

/** How long after buying an order can be refunded (cart.ts re-exports it). */
export const REFUND_WINDOW_DAYS = 30;

/** How many products the comparison holds (seller-profile.ts re-exports them). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The catalogue's sorts, limits and facets (catalog.ts re-exports them with its schemas). */
export const PRODUCT_SORTS = ['created_at', 'price', 'rating', 'popularity', 'title', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_LIMIT_MAX = 100;
export const PRODUCT_PAGE_LIMIT_DEFAULT = 20;
/** Totals are exact up to this many matches, then shown as "1,000+" (no pass over every match). */
export const PRODUCT_TOTAL_CAP = 1000;

/**
 * How deep the catalogue can be paged: results past the first 10,000 are not served (as large
 * marketplaces do), so no page costs a scan of everything before it. A narrower search or filter
 * reaches any product.
 */
export const PRODUCT_BROWSE_DEPTH = 10_000;
export const PRODUCT_BROWSE_DEPTH_MESSAGE =
  'Only the first 10,000 results can be shown. Narrow the list with a search or a filter to see more.';

/** The highest price a product may have, in dollars (the product form's limit); no filter needs more. */
export const PRODUCT_PRICE_MAX = 100_000;

/** Price facet bands in dollars (max exclusive; null is open-ended); a band filters as min_price/max_price. */
export const PRICE_BANDS = [
  { slug: 'under-10', label: 'Under $10', min: 0, max: 10 },
  { slug: '10-50', label: '$10 to $50', min: 10, max: 50 },
  { slug: '50-100', label: '$50 to $100', min: 50, max: 100 },
  { slug: '100-plus', label: '$100 and up', min: 100, max: null },
] as const;
/** Rating facet thresholds: "4 stars & up" and so on. */
export const RATING_THRESHOLDS = [4, 3, 2, 1] as const;

/** The listing card's hosting and GPU facets (listing-card.ts re-exports them). */
export const HOSTING_OPTIONS = [
  { slug: 'hosted', name: 'Hosted' },
  { slug: 'self-hosted', name: 'Self-hosted' },
  { slug: 'both', name: 'Hosted or self-hosted' },
] as const;
/** The hosting facet's values: a listing offered both ways counts under each. */
export const HOSTING_FACETS = ['hosted', 'self-hosted'] as const;

/**
 * An option of a fixed list by its slug or its display name, in any case and spacing ('PyTorch',
 * 'pytorch', 'ONNX Runtime', 'llama.cpp', 'Self hosted'): links and the assistant name options as
 * people write them.
 */
export function findOption<T extends { slug: string; name: string }>(
  list: readonly T[],
  value: string | null | undefined,
): T | undefined {
  const key = (value ?? '').trim().toLowerCase();
  if (!key) return undefined;
  const dashed = key.replace(/[\s_.]+/g, '-');
  return list.find((option) => option.slug === key || option.name.toLowerCase() === key || option.slug === dashed);
}

/** A framework by slug or name ('PyTorch', 'pytorch'). */
export const findFramework = (value: string | null | undefined) => findOption(FRAMEWORKS, value);

/** A hosting facet value by slug or name ('Self-hosted', 'hosted'); 'both' is no facet (it counts under each). */
export function findHostingFacet(value: string | null | undefined): (typeof HOSTING_FACETS)[number] | undefined {
  const found = findOption(HOSTING_OPTIONS, value)?.slug;
  return (HOSTING_FACETS as readonly string[]).includes(found ?? '') ? (found as (typeof HOSTING_FACETS)[number]) : undefined;
}

/** The GPU memory facet's thresholds in GB ("≤ 8 GB" counts every model needing 8 GB or less). */
export const GPU_MEMORY_LIMITS = [4, 8, 16, 24, 48] as const;
