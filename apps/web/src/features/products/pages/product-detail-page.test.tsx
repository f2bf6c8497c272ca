import type { PublicProduct, PublicReview } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeCartItem, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const product = makeProduct({
  id: 'p-1',
  title: 'Vision Toolkit',
  price: 39,
  original_price: 59,
  images: ['/img/cover.svg', '/img/detail.svg'],
  seller: 'Sam Seller',
  category: 'Datasets',
  category_slug: 'datasets',
  license: 'CC-BY-4.0',
  rating: 4,
  review_count: 1,
});
const related = [makeProduct({ title: 'Related One' }), makeProduct({ title: 'Related Two' })];

const productFiles = {
  product_id: 'p-1',
  files: [
    { file_name: 'labels.csv', content_type: 'text/csv', size_bytes: 18_432 },
    { file_name: 'schema.json', content_type: 'application/json', size_bytes: 640 },
    { file_name: 'images.zip', content_type: 'application/zip', size_bytes: 2_621_440 },
    { file_name: 'LICENSE', content_type: 'application/octet-stream', size_bytes: 1_100 },
  ],
};

function review(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 'r-1',
    product_id: 'p-1',
    user_id: 'u-9',
    user_name: 'Marco R.',
    rating: 4,
    comment: 'Setup took ten minutes.',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function reviewsPage(reviews: PublicReview[], canReview = false) {
  return {
    reviews,
    total: reviews.length,
    page: 1,
    pages: 1,
    average_rating: 4,
    review_count: reviews.length,
    can_review: canReview,
  };
}

function productApi(handlers: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/products/p-1': () => json(200, { ...product, related }),
    'GET /api/v1/products/p-1/reviews': () => json(200, reviewsPage([review()])),
    'GET /api/v1/products/p-1/files': () => json(200, productFiles),
    'GET /api/v1/products/p-1/dataset-previews': () => json(200, { product_id: 'p-1', previews: [] }),
    ...handlers,
  });
}

describe('product page', () => {
  it('shows the gallery, price, facts, description, reviews and related products', async () => {
    authStore.clear();
    productApi();
    const { user } = renderRoute('/products/p-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' })).toBeTruthy();
    expect(screen.getByText('$59.00').tagName).toBe('DEL');
    expect(screen.getByText('Save 34%')).toBeTruthy();
    // The fact's value is the licence's own name ("Custom licence license" once doubled the word).
    expect(screen.getByText('Licence', { selector: 'dt' }).nextElementSibling?.textContent).toBe('CC-BY-4.0');
    expect(screen.getByText('Sam Seller')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();

    const cover = () => document.querySelector('figure img')?.getAttribute('src');
    expect(cover()).toBe('/img/cover.svg');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(cover()).toBe('/img/detail.svg');

    expect(await screen.findByText('Setup took ten minutes.')).toBeTruthy();
    const relatedList = screen.getByRole('list', { name: 'Related products' });
    expect(
      within(relatedList)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/products/'))
        .map((link) => link.textContent),
    ).toEqual(['Related One', 'Related Two']);
  });

  it('asks a pay-what-you-want buyer for their price, prefilled with the suggested one, and adds what they chose', async () => {
    authStore.setSession(makeSession());
    const pwyw = { ...product, price: 5, original_price: null, pay_what_you_want: true, suggested_price: 12 };
    const api = productApi({
      'GET /api/v1/products/p-1': () => json(200, { ...pwyw, related }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1, price: 25 })])),
    });
    const { user } = renderRoute('/products/p-1');

    expect(await screen.findByText('Pay what you want, from $5.00')).toBeTruthy();
    const amount = screen.getByLabelText('Your price (USD)') as HTMLInputElement;
    expect(amount.value).toBe('12.00');
    expect(screen.getByText('Minimum $5.00 · suggested $12.00')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '4');
    expect(screen.getByText('Pay at least $5.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' }).hasAttribute('disabled')).toBe(true);

    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(api.calls('POST /api/v1/cart/add')).toHaveLength(1));
    expect(api.calls('POST /api/v1/cart/add')[0]?.body).toEqual({ product_id: 'p-1', quantity: 1, amount: 25 });
    authStore.clear();
  });

  it('shows a $0 product as Free and adds it without an amount', async () => {
    authStore.setSession(makeSession());
    const api = productApi({
      'GET /api/v1/products/p-1': () => json(200, { ...product, price: 0, original_price: null, related }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1, price: 0 })])),
    });
    const { user } = renderRoute('/products/p-1');
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(screen.queryByLabelText('Your price (USD)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(api.calls('POST /api/v1/cart/add')).toHaveLength(1));
    expect(api.calls('POST /api/v1/cart/add')[0]?.body).toEqual({ product_id: 'p-1', quantity: 1 });
    authStore.clear();
  });

  it('renders a markdown description: headings, lists, code blocks and tables', async () => {
    authStore.clear();
    const description = [
      '# What is inside',
      '',
      '## Files',
      '',
      '- 12,000 labelled images',
      '- A label map',
      '',
      '```python',
      'from toolkit import load',
      '```',
      '',
      '| Split | Images |',
      '| --- | --- |',
      '| train | 10,000 |',
    ].join('\n');
    productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, description, related }) });
    renderRoute('/products/p-1');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Description' })).closest('section') as HTMLElement;
    // The seller's highest heading sits under the section's h2, the others below it: the title stays the only h1.
    expect(await within(section).findByRole('heading', { level: 3, name: 'What is inside' })).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 4, name: 'Files' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(section).getByText('12,000 labelled images').tagName).toBe('LI');
    expect(section.querySelector('pre code')?.textContent).toContain('from toolkit import load');
    const table = within(section).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Split' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '10,000' })).toBeTruthy();
  });

  it('shows a description’s script and javascript: link as inert text, never running or linking them', async () => {
    authStore.clear();
    const description = [
      'Safe [docs](https://example.org/docs).',
      '',
      '<script>window.__productPwned = 1</script>',
      '',
      '[click me](javascript:window.__productPwned=2)',
      '',
      '<img src=x onerror="window.__productPwned = 3">',
    ].join('\n');
    productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, description, related }) });
    renderRoute('/products/p-1');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Description' })).closest('section') as HTMLElement;
    await within(section).findByRole('link', { name: 'docs' });
    expect(section.textContent).toContain('<script>window.__productPwned = 1</script>');
    expect(section.querySelector('script, img, [onerror]')).toBeNull();
    const hrefs = [...section.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs).toContain('https://example.org/docs');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(within(section).queryByRole('link', { name: 'click me' })).toBeNull();
    expect((window as unknown as { __productPwned?: number }).__productPwned).toBeUndefined();
  });

  it('lists every file a buyer gets with its name, type and size before purchase', async () => {
    authStore.clear();
    const api = productApi();
    renderRoute('/products/p-1');
    const list = await screen.findByRole('list', { name: '4 files you get' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'labels.csvType: CSVSize: 18.0 KB',
      'schema.jsonType: JSONSize: 640 B',
      'images.zipType: ZIPSize: 2.5 MB',
      'LICENSEType: FileSize: 1.1 KB',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'What you get' })).toBeTruthy();
    expect(screen.getByText('4 files, 2.5 MB in total, to download after payment')).toBeTruthy();
    expect(api.calls('GET /api/v1/products/p-1/files')).toHaveLength(1);
  });

  it('says before purchase how many downloads each purchase allows when the seller caps them', async () => {
    authStore.clear();
    productApi({ 'GET /api/v1/products/p-1/files': () => json(200, { ...productFiles, download_limit: 3 }) });
    renderRoute('/products/p-1');
    expect(await screen.findByText('Downloads per purchase: up to 3')).toBeTruthy();
  });

  it('asks for no public file list of a product that is not published (its seller looking at it)', async () => {
    authStore.setSession(makeSession());
    const api = productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, status: 'pending', related }) });
    renderRoute('/products/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' });
    expect(screen.queryByRole('heading', { name: 'What you get' })).toBeNull();
    expect(api.calls('GET /api/v1/products/p-1/files')).toHaveLength(0);
  });

  it('shows buyers when the files were scanned for safety', async () => {
    authStore.clear();
    productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, scanned_at: '2026-05-01T10:00:00.000Z', related }) });
    renderRoute('/products/p-1');
    expect(await screen.findByText('Scanned May 1, 2026')).toBeTruthy();
  });

  it('shows no scan badge for a product whose files were not scanned', async () => {
    authStore.clear();
    productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, scanned_at: null, related }) });
    renderRoute('/products/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' });
    expect(screen.queryByText(/^Scanned /)).toBeNull();
  });

  it('shows a product approved before the safety scan existed (no scanned_at at all) without a badge', async () => {
    authStore.clear();
    const { scanned_at: _none, ...unscanned } = { ...product, related };
    productApi({ 'GET /api/v1/products/p-1': () => json(200, unscanned) });
    renderRoute('/products/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' });
    expect(screen.queryByText(/^Scanned /)).toBeNull();
  });

  it('puts a seller’s # heading under the section’s h2 (an h3), keeping one h1, and gives code blocks one padding', async () => {
    authStore.clear();
    const description = ['# Vision Toolkit, the manual', '', '## Setup', '', '```', 'pip install toolkit', '```'].join('\n');
    productApi({ 'GET /api/v1/products/p-1': () => json(200, { ...product, description, related }) });
    renderRoute('/products/p-1');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Description' })).closest('section') as HTMLElement;
    expect(await within(section).findByRole('heading', { level: 3, name: 'Vision Toolkit, the manual' })).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 4, name: 'Setup' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Vision Toolkit']);
    const code = section.querySelector('pre code') as HTMLElement;
    expect(code.textContent).toContain('pip install toolkit');
    // Inside pre, code takes no padding of its own (pre has it).
    expect(code.closest('pre')?.parentElement?.className).toContain('[&_pre_code]:p-0');
  });

  it('links the seller’s name to their page and puts the product aside to compare', async () => {
    authStore.clear();
    window.localStorage.clear();
    productApi();
    const { user } = renderRoute('/products/p-1');
    const seller = await screen.findByRole('link', { name: 'Sam Seller' });
    expect(seller.getAttribute('href')).toBe(`/sellers/${product.seller_id}/sam-seller`);
    const compare = screen.getByRole('button', { name: 'Add to compare' });
    expect(compare.getAttribute('aria-pressed')).toBe('false');
    await user.click(compare);
    expect(screen.getByRole('button', { name: 'In compare' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('compareList') ?? '[]')).toEqual(['p-1']);
  });

  it('shows a friendly Product not found page for an unknown id', async () => {
    mockApi({
      'GET /api/v1/products/nope': () => json(404, { detail: 'Product not found', code: 'NOT_FOUND' }),
      'GET /api/v1/products/nope/reviews': () => json(404, { detail: 'Product not found', code: 'NOT_FOUND' }),
    });
    renderRoute('/products/nope');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Browse products' })[0]?.getAttribute('href')).toBe('/products');
  });

  it('sends the old /product/{id} links to /products/{id}', async () => {
    productApi();
    const { router } = renderRoute('/product/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' });
    expect(router.state.location.pathname).toBe('/products/p-1');
  });

  it('adds the product to the server-side cart when Add to cart is pressed', async () => {
    const api = productApi({
      'POST /api/v1/cart/add': () =>
        json(200, {
          items: [],
          totalItems: 1,
          subtotal: 0,
          discount: 0,
          tax: 0,
          shippingCost: 0,
          total: 0,
          promoCode: null,
          promo_notice: null,
        }),
    });
    authStore.setSession(makeSession());
    const { user } = renderRoute('/products/p-1');
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(api.calls('POST /api/v1/cart/add')).toHaveLength(1));
  });

  it('says a product the buyer owns is in their library, links to its download, and asks before adding it again', async () => {
    const api = productApi({ 'GET /api/v1/orders/owned-products': () => json(200, { product_ids: ['p-1'] }) });
    authStore.setSession(makeSession());
    const { user } = renderRoute('/products/p-1');
    expect(await screen.findByText('In your library')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Download ${product.title} from your library` }).getAttribute('href')).toBe(
      '/orders?download=p-1',
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const question = await screen.findByRole('alertdialog', { name: `You already own ${product.title}` });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);
  });

  it('sends a visitor who wants to save the product to sign in, remembering the page', async () => {
    authStore.clear();
    const api = productApi();
    const { user, router } = renderRoute('/products/p-1');
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/products/p-1' });
    expect(api.calls('POST /api/v1/wishlist/add')).toHaveLength(0);
  });

  it('adds the product to the wishlist and removes it again', async () => {
    authStore.setSession(makeSession());
    let saved: PublicProduct[] = [];
    const list = () => json(200, { items: saved, products: saved, total: saved.length });
    const api = productApi({
      'GET /api/v1/wishlist': list,
      'POST /api/v1/wishlist/add': () => {
        saved = [product];
        return json(201, { message: 'Added to wishlist', items: saved, total: 1 });
      },
      'DELETE /api/v1/wishlist/remove/p-1': () => {
        saved = [];
        return json(200, { message: 'Removed from wishlist', items: saved, total: 0 });
      },
    });
    const { user } = renderRoute('/products/p-1');

    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
    expect(api.calls('POST /api/v1/wishlist/add')[0]?.body).toEqual({ product_id: 'p-1' });
    expect(await screen.findByText('Added to your wishlist')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(api.calls('DELETE /api/v1/wishlist/remove/p-1')).toHaveLength(1);
  });

  it('lets a buyer who may review write one, checked with the shared schema first', async () => {
    authStore.setSession(makeSession());
    let reviews = [review()];
    let canReview = true;
    const api = productApi({
      'GET /api/v1/products/p-1/reviews': () => json(200, reviewsPage(reviews, canReview)),
      'POST /api/v1/products/p-1/reviews': ({ body }) => {
        const created = review({ id: 'r-2', user_name: 'Ada L.', ...(body as object) });
        reviews = [created, ...reviews];
        canReview = false;
        return json(201, created);
      },
    });
    const { user } = renderRoute('/products/p-1');

    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText('Rating must be a number from 1 to 5')).toBeTruthy();
    expect(within(form).getByText('Please write a short review (at least 3 characters)')).toBeTruthy();
    expect(api.calls('POST /api/v1/products/p-1/reviews')).toHaveLength(0);

    const rating = within(form).getByRole('radiogroup', { name: 'Rating' });
    await user.click(within(rating).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByLabelText('Your review'), '  Great docs and quick setup.  ');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Thanks for your review!')).toBeTruthy();
    expect(api.calls('POST /api/v1/products/p-1/reviews')[0]?.body).toEqual({
      rating: 5,
      comment: 'Great docs and quick setup.',
    });
    expect(await screen.findByText('Great docs and quick setup.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull());
  });

  it('shows the server refusal when a non-buyer review slips through', async () => {
    authStore.setSession(makeSession());
    productApi({
      'GET /api/v1/products/p-1/reviews': () => json(200, reviewsPage([], true)),
      'POST /api/v1/products/p-1/reviews': () =>
        json(403, { detail: 'Only buyers who have purchased this product can review it.', code: 'FORBIDDEN' }),
    });
    const { user } = renderRoute('/products/p-1');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('radio', { name: '3 stars' }));
    await user.type(within(form).getByLabelText('Your review'), 'Fine.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Only buyers who have purchased this product can review it.')).toBeTruthy();
  });
});
