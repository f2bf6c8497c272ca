import { GPU_MEMORY_LIMITS, HOSTING_FACETS, PRICE_BANDS, PRODUCT_TOTAL_CAP, RATING_THRESHOLDS } from '@app/shared';
import type { FacetRow } from '../repository';
import { ATTRIBUTES, CARD_CODES, CARD_FLAGS, type IndexData } from './index-data';

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
 * Counted per packed card code (IndexData.cardCodes: one narrow read per match), then summed.
 */
function cardFacetsOf(data: IndexData, matches: Int32Array): FacetRow[] {
  const frameworks = data.frameworks.values();
  const counted = Math.min(matches.length, PRODUCT_TOTAL_CAP + 1);
  // Index: framework code + 1, GPU bucket, CARD_FLAGS (see CARD_CODES).
  const byFrameworkCode = new Int32Array(CARD_CODES.frameworkLimit + 1);
  const byGpuBucket = new Int32Array(GPU_MEMORY_LIMITS.length + 1);
  const byFlags = new Int32Array(8);
  const codes = data.cardCodes;
  for (let i = 0; i < counted; i += 1) {
    const code = codes[matches[i] as number] as number;
    (byFrameworkCode[code & CARD_CODES.frameworkLimit] as number) += 1;
    (byGpuBucket[(code >>> CARD_CODES.gpuShift) & 0xf] as number) += 1;
    (byFlags[code >>> CARD_CODES.flagsShift] as number) += 1;
  }
  const byFramework = frameworkCounts(data, matches, counted, frameworks.length, byFrameworkCode);
  const rows: FacetRow[] = [];
  frameworks.forEach((value, i) => {
    if ((byFramework[i] as number) > 0) rows.push({ kind: 'framework', value, count: byFramework[i] as number });
  });
  const withFlag = (flag: number) => byFlags.reduce((sum, count, flags) => (flags & flag ? sum + count : sum), 0);
  const commercial = withFlag(CARD_FLAGS.commercialUse);
  if (commercial > 0) rows.push({ kind: 'commercial_use', value: 'true', count: commercial });
  let fitting = 0;
  GPU_MEMORY_LIMITS.forEach((limit, t) => {
    fitting += byGpuBucket[t] as number;
    if (fitting > 0) rows.push({ kind: 'gpu_memory', value: String(limit), count: fitting });
  });
  [CARD_FLAGS.hosted, CARD_FLAGS.selfHosted].forEach((flag, h) => {
    const count = withFlag(flag);
    if (count > 0) rows.push({ kind: 'hosting', value: HOSTING_FACETS[h] as string, count });
  });
  return rows;
}

/** Matches per framework code: from the packed codes, or from the framework column once there are too many frameworks to pack. */
function frameworkCounts(
  data: IndexData,
  matches: Int32Array,
  counted: number,
  frameworks: number,
  byFrameworkCode: Int32Array,
): Int32Array {
  if (frameworks < CARD_CODES.frameworkLimit) return byFrameworkCode.subarray(1);
  const byFramework = new Int32Array(frameworks);
  for (let i = 0; i < counted; i += 1) {
    const framework = data.framework[matches[i] as number] as number;
    if (framework >= 0) (byFramework[framework] as number) += 1;
  }
  return byFramework;
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
