import { GPU_MEMORY_LIMITS, HOSTING_FACETS, PRICE_BANDS, PRODUCT_TOTAL_CAP, RATING_THRESHOLDS } from '@app/shared';
import type { FacetRow } from '../repository';
import { ATTRIBUTES, CARD_FLAGS, type IndexData } from './index-data';

/** repository.ts countAndFacets(): facets over the first PRODUCT_TOTAL_CAP + 1 matches. */
export function facetsOf(data: IndexData, matches: Int32Array): FacetRow[] {
  const categories = data.categories.values();
  const licenses = data.licenses.values();
  const byCategory = new Int32Array(categories.length);
  const byLicense = new Int32Array(licenses.length);
  const byBand = new Int32Array(PRICE_BANDS.length + 1);
  const byRating = new Int32Array(RATING_THRESHOLDS.length);
  const counted = Math.min(matches.length, PRODUCT_TOTAL_CAP + 1);
  for (let i = 0; i < counted; i += 1) {
    const slot = matches[i] as number;
    (byCategory[data.category[slot] as number] as number) += 1;
    (byLicense[data.license[slot] as number] as number) += 1;
    (byBand[Math.min(data.priceBand[slot] as number, PRICE_BANDS.length)] as number) += 1;
    const mask = data.ratingMask[slot] as number;
    for (let t = 0; t < RATING_THRESHOLDS.length; t += 1) if (mask & (1 << t)) (byRating[t] as number) += 1;
  }
  return [...facetRows(categories, licenses, byCategory, byLicense, byBand, byRating), ...cardFacetsOf(data, matches)];
}

/**
 * The same counts from the first matches' attributes (IndexData.attributes, read in order by the
 * catalogue's walk, so no column is read at random); undefined when there are more categories or
 * licences than the attributes can tell apart.
 */
export function facetsOfAttributes(data: IndexData, attributes: Uint32Array, matches: Int32Array): FacetRow[] | undefined {
  const count = matches.length;
  const categories = data.categories.values();
  const licenses = data.licenses.values();
  if (categories.length >= ATTRIBUTES.codeLimit || licenses.length >= ATTRIBUTES.codeLimit) return undefined;
  const byCategory = new Int32Array(categories.length);
  const byLicense = new Int32Array(licenses.length);
  const byBand = new Int32Array(PRICE_BANDS.length + 1);
  const byRating = new Int32Array(RATING_THRESHOLDS.length);
  const counted = Math.min(count, PRODUCT_TOTAL_CAP + 1);
  for (let i = 0; i < counted; i += 1) {
    const attribute = attributes[i] as number;
    (byCategory[(attribute >>> ATTRIBUTES.categoryShift) & 0xf] as number) += 1;
    (byLicense[(attribute >>> ATTRIBUTES.licenseShift) & 0xf] as number) += 1;
    (byBand[Math.min((attribute >>> ATTRIBUTES.priceBandShift) & 7, PRICE_BANDS.length)] as number) += 1;
    const mask = (attribute >>> ATTRIBUTES.ratingMaskShift) & 0xf;
    for (let t = 0; t < RATING_THRESHOLDS.length; t += 1) if (mask & (1 << t)) (byRating[t] as number) += 1;
  }
  return [...facetRows(categories, licenses, byCategory, byLicense, byBand, byRating), ...cardFacetsOf(data, matches)];
}

/**
 * repository.ts countAndFacets()'s listing card facets over the first PRODUCT_TOTAL_CAP + 1
 * matches: frameworks, commercial use, GPU memory (cumulative) and hosting (both counts as each).
 */
function cardFacetsOf(data: IndexData, matches: Int32Array): FacetRow[] {
  const frameworks = data.frameworks.values();
  const byFramework = new Int32Array(frameworks.length);
  const byGpu = new Int32Array(GPU_MEMORY_LIMITS.length);
  const hostingFlags = [CARD_FLAGS.hosted, CARD_FLAGS.selfHosted];
  const byHosting = new Int32Array(HOSTING_FACETS.length);
  let commercial = 0;
  const counted = Math.min(matches.length, PRODUCT_TOTAL_CAP + 1);
  for (let i = 0; i < counted; i += 1) {
    const slot = matches[i] as number;
    const framework = data.framework[slot] as number;
    if (framework >= 0) (byFramework[framework] as number) += 1;
    const gpu = data.gpuMemory[slot] as number;
    for (let t = 0; t < GPU_MEMORY_LIMITS.length; t += 1) if (gpu <= (GPU_MEMORY_LIMITS[t] as number)) (byGpu[t] as number) += 1;
    const flags = data.cardFlags[slot] as number;
    if (flags & CARD_FLAGS.commercialUse) commercial += 1;
    hostingFlags.forEach((flag, h) => {
      if (flags & flag) (byHosting[h] as number) += 1;
    });
  }
  const rows: FacetRow[] = [];
  frameworks.forEach((value, i) => {
    if ((byFramework[i] as number) > 0) rows.push({ kind: 'framework', value, count: byFramework[i] as number });
  });
  if (commercial > 0) rows.push({ kind: 'commercial_use', value: 'true', count: commercial });
  GPU_MEMORY_LIMITS.forEach((limit, t) => {
    if ((byGpu[t] as number) > 0) rows.push({ kind: 'gpu_memory', value: String(limit), count: byGpu[t] as number });
  });
  HOSTING_FACETS.forEach((value, h) => {
    if ((byHosting[h] as number) > 0) rows.push({ kind: 'hosting', value, count: byHosting[h] as number });
  });
  return rows;
}

function facetRows(
  categories: readonly string[],
  licenses: readonly string[],
  byCategory: Int32Array,
  byLicense: Int32Array,
  byBand: Int32Array,
  byRating: Int32Array,
): FacetRow[] {
  const rows: FacetRow[] = [];
  const collect = (kind: FacetRow['kind'], values: readonly string[], counts: Int32Array) => {
    values.forEach((value, i) => {
      const count = counts[i] as number;
      if (count > 0) rows.push({ kind, value, count });
    });
  };
  collect('category', categories, byCategory);
  collect('license', licenses, byLicense);
  collect(
    'price',
    PRICE_BANDS.map((band) => band.slug),
    byBand,
  );
  collect(
    'rating',
    RATING_THRESHOLDS.map((t) => String(t)),
    byRating,
  );
  return rows;
}
