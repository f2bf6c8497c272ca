import type { ProductList, PublicProduct } from '@app/shared';

let counter = 0;

/** A product as GET /products/ returns it; each call gets its own id unless one is given. */
export function makeProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const title = overrides.title ?? `Product ${counter}`;
  return {
    id,
    title,
    name: title,
    short_description: `${title}, in short.`,
    description: `${title}, described at length.`,
    price: 49,
    pay_what_you_want: false,
    suggested_price: null,
    original_price: null,
    originalPrice: null,
    images: [`/api/v1/media/product-images/${id}-cover.svg`],
    image: `/api/v1/media/product-images/${id}-cover.svg`,
    image_url: `/api/v1/media/product-images/${id}-cover.svg`,
    seller: 'Neural Labs',
    seller_name: 'Neural Labs',
    seller_id: '99999999-9999-4999-8999-999999999999',
    category: 'AI Tools',
    category_slug: 'ai-tools',
    license: 'Standard',
    license_type: 'Standard',
    status: 'approved',
    featured: false,
    rejection_reason: null,
    rating: 4.5,
    review_count: 2,
    sales_count: 10,
    tags: ['ai'],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function productList(
  products: PublicProduct[],
  { total = products.length, page = 1, pages = 1, ...rest }: Partial<Omit<ProductList, 'products'>> = {},
): ProductList {
  const none = {
    category: [],
    license: [],
    price: [],
    rating: [],
    framework: [],
    commercial_use: [],
    gpu_memory: [],
    hosting: [],
  };
  return { products, total, page, pages, total_capped: false, facets: none, did_you_mean: null, ...rest };
}
