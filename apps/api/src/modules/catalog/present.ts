import {
  CATEGORIES,
  findLicense,
  type ProductList,
  type PublicProduct,
  presentListingCard,
  publicProductSchema,
} from '@app/shared';
import { centsToDollars } from '../../lib/money';
import type { ProductRow } from './repository';

/** A stored image reference (storage key or absolute URL) as the browser loads it. */
export function imageUrl(reference: string): string {
  return /^https?:\/\//.test(reference) || reference.startsWith('/') ? reference : `/api/v1/media/${reference}`;
}

/** The product as every catalogue route returns it (spec §3 Product, with its aliases). */
export function presentProduct(row: ProductRow): PublicProduct {
  const images = row.images.map(imageUrl);
  const category = CATEGORIES.find((c) => c.slug === row.category);
  const license = findLicense(row.license)?.name ?? row.license;
  const price = centsToDollars(row.priceCents);
  const original = row.originalPriceCents === null ? null : centsToDollars(row.originalPriceCents);
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    short_description: row.shortDescription,
    description: row.description,
    price,
    pay_what_you_want: row.pwywSuggestedCents !== null,
    suggested_price: row.pwywSuggestedCents === null ? null : centsToDollars(row.pwywSuggestedCents),
    original_price: original,
    originalPrice: original,
    images,
    image: images[0] ?? null,
    image_url: images[0] ?? null,
    seller: row.sellerName,
    seller_name: row.sellerName,
    seller_id: row.sellerId,
    category: category?.name ?? row.category,
    category_slug: row.category,
    license,
    license_type: license,
    status: row.status,
    featured: row.featured,
    rejection_reason: row.rejectionReason,
    rating: Number(row.ratingAverage),
    review_count: row.reviewCount,
    sales_count: row.salesCount,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    scanned_at: row.scannedAt?.toISOString() ?? null,
    card: presentListingCard(row.category, row.license, row.card),
  };
}

/** A product as every catalogue route sends it: presentProduct() encoded through the response schema, as JSON. */
export function productJson(row: ProductRow): string {
  return JSON.stringify(publicProductSchema.encode(presentProduct(row)));
}

const LIST_HEAD_TEXT = '{"products":[';
const LIST_HEAD = Buffer.from(LIST_HEAD_TEXT);
const COMMA = Buffer.from(',');

/**
 * A catalogue page as JSON bytes, equal to JSON.stringify(productListSchema.encode(list)): the
 * products' JSON (productJson(), as UTF-8) spliced into the rest of the page, so a page whose rows
 * are already serialised is never serialised again. The rest holds plain numbers, strings and
 * facet counts, which the schema's encode leaves as they are, so it is stringified as it is, its
 * keys in the schema's order; going through the encode allocated ~11 kB a page. The search-index
 * tests compare these bytes with the schema's encode.
 */
export function productListJson(summary: Omit<ProductList, 'products'>, rows: readonly Uint8Array[]): Buffer {
  const { total, total_capped, page, pages, facets, did_you_mean } = summary;
  const shell = JSON.stringify({ products: [], total, total_capped, page, pages, facets, did_you_mean });
  const parts: Uint8Array[] = [LIST_HEAD];
  rows.forEach((row, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(row);
  });
  parts.push(Buffer.from(shell.slice(LIST_HEAD_TEXT.length)));
  return Buffer.concat(parts);
}

/**
 * A product page as JSON bytes, equal in content to JSON.stringify(productDetailSchema.encode(detail)):
 * the product's JSON (productJson()) with `related` appended.
 */
export function productDetailJson(product: Uint8Array, related: readonly string[]): Buffer {
  if (product[product.length - 1] !== 0x7d) throw new Error('a product’s JSON must be an object');
  return Buffer.concat([product.subarray(0, product.length - 1), Buffer.from(`,"related":[${related.join(',')}]}`)]);
}
