import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { makeOwnProduct, makeProduct, sellerHandlers, sellerStats } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function openAsSeller(handlers: Parameters<typeof mockApi>[0] = {}, products = [makeProduct()]) {
  authStore.setSession(makeSession({ role: 'seller' }));
  const api = mockApi({
    ...sellerHandlers(products, { ...sellerStats, total_products: products.length, total_sales: 1 }),
    ...handlers,
  });
  const view = renderRoute('/seller');
  await screen.findByRole('heading', { name: 'Seller dashboard' });
  return { ...view, api };
}

/** Opens the new-product form and fills in what a $5 model listing needs, but its files. */
async function startModelListing(user: UserEvent, title: string, description: string) {
  await user.click(screen.getByRole('button', { name: 'Add product' }));
  await user.type(await screen.findByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Description'), description);
  await user.type(screen.getByLabelText('Price (USD)'), '5');
  await user.selectOptions(screen.getByLabelText('Category'), 'models');
}

describe('seller page', () => {
  it('offers a buyer the seller terms instead of Access Denied, then opens the dashboard', async () => {
    authStore.setSession(makeSession({ role: 'buyer' }));
    const api = mockApi({
      'POST /api/v1/seller/become': () =>
        json(200, { message: 'You are now a seller. List your first product!', user: makeUser({ role: 'seller' }) }),
      ...sellerHandlers(),
    });
    const { user } = renderRoute('/seller');

    // The seller page's chunk is large: give it time to arrive on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Become a seller' }, { timeout: 20_000 })).toBeTruthy();
    // The split the server reports (platform fee 10%, AI pool 10%).
    expect(
      await screen.findByRole('checkbox', { name: /10% is the platform fee, 10% goes to the AI token pool and I earn 80%/ }),
    ).toBeTruthy();
    expect(screen.queryByText('Access Denied')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start selling' }));
    expect(await screen.findByText('You must accept the seller terms')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/become')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I accept the seller terms/ }));
    await user.click(screen.getByRole('button', { name: 'Start selling' }));

    expect(await screen.findByRole('heading', { name: 'Seller dashboard' })).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/become')[0]?.body).toEqual({ accept_terms: true });
    expect(authStore.getState().user?.role).toBe('seller');
  });

  it('marks an approved product whose edit or new version waits for review, and opens its versions', async () => {
    const product = makeProduct({ title: 'Prompt Pack', status: 'approved' });
    const { user } = await openAsSeller(
      {
        'GET /api/v1/seller/product-changes': () =>
          json(200, { products: [{ product_id: product.id, edit: true, version_label: '1.1' }] }),
        [`GET /api/v1/seller/products/${product.id}/versions`]: () =>
          json(200, {
            current_label: '1.0',
            pending_revision: { id: 'r-1', created_at: '2026-05-01T10:00:00.000Z', fields: ['title', 'price'] },
            versions: [
              {
                id: 'v-1',
                label: '1.1',
                changelog: 'Faster',
                status: 'pending',
                rejection_reason: null,
                released_at: null,
                created_at: '2026-05-01T10:00:00.000Z',
                files: [],
              },
              {
                id: null,
                label: '1.0',
                changelog: '',
                status: 'approved',
                rejection_reason: null,
                released_at: '2026-01-01T10:00:00.000Z',
                created_at: '2026-01-01T10:00:00.000Z',
                files: [],
              },
            ],
          }),
      },
      [product],
    );
    expect(await screen.findByText('Your edit waits for review; buyers see it as it was')).toBeTruthy();
    expect(screen.getByText('Version 1.1 waits for review')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Versions of Prompt Pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions of Prompt Pack' });
    expect(
      await within(dialog).findByText('Your edit of Title, Price waits for review; buyers see the product as it was until then.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('A version is already waiting for review.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the bio and links of the seller’s public page, checking the links first', async () => {
    const { user, api } = await openAsSeller({
      'PUT /api/v1/seller/profile': () => json(200, { message: 'Seller page saved' }),
    });
    const card = (await screen.findByRole('heading', { name: 'Your seller page' })).closest('section') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'View your page' }).getAttribute('href')).toMatch(/^\/sellers\/user-1\//);
    await user.type(await within(card).findByLabelText('About you'), 'Datasets, cleaned by hand.');
    await user.click(within(card).getByRole('button', { name: 'Add a link' }));
    await user.type(within(card).getByLabelText('Link 1 label'), 'Website');
    await user.type(within(card).getByLabelText('Link 1 address'), 'ftp://sam.example');
    await user.click(within(card).getByRole('button', { name: 'Save seller page' }));
    expect(await within(card).findByText('Links must start with http:// or https://')).toBeTruthy();
    expect(api.calls('PUT /api/v1/seller/profile')).toHaveLength(0);

    await user.clear(within(card).getByLabelText('Link 1 address'));
    await user.type(within(card).getByLabelText('Link 1 address'), 'https://sam.example');
    await user.click(within(card).getByRole('button', { name: 'Save seller page' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/seller/profile')).toHaveLength(1));
    expect(api.calls('PUT /api/v1/seller/profile')[0]?.body).toEqual({
      bio: 'Datasets, cleaned by hand.',
      links: [{ label: 'Website', url: 'https://sam.example' }],
    });
  });

  it('shows the stats, the 30-day chart and each product with its status and rejection reason', async () => {
    await openAsSeller({}, [
      makeProduct({ id: 'p-1', title: 'Live Model', status: 'approved' }),
      makeProduct({ id: 'p-2', title: 'Rough Dataset', status: 'rejected', rejection_reason: 'Add a sample file please' }),
    ]);

    const stats = await screen.findByRole('list', { name: 'Your figures' });
    await waitFor(() => expect(within(stats).getByText('Products').nextSibling?.textContent).toBe('2'));
    expect(await screen.findByRole('img', { name: /Units sold per day: 1 in total/ })).toBeTruthy();
    // The discount codes card names the products too: the row is the one in the products table.
    const rowOf = (title: string) =>
      screen
        .getAllByText(title)
        .map((cell) => cell.closest('tr'))
        .find(Boolean) as HTMLElement;
    await screen.findAllByText('Rough Dataset');
    const rejected = rowOf('Rough Dataset');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Reason: Add a sample file please')).toBeTruthy();
    expect(within(rowOf('Live Model')).getByText('Approved')).toBeTruthy();
  });

  it('lists the dashboard’s parts and moves to the one chosen, keeping it in the address', async () => {
    await openAsSeller();
    const parts = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(
      within(parts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Products',
      'Discount codes',
      'Public page',
      'Licence keys',
      'Update notes',
      'Payouts',
      'API and webhooks',
    ]);
    await userEvent.click(within(parts).getByRole('link', { name: 'Payouts' }));
    const payouts = document.getElementById('seller-payouts') as HTMLElement;
    expect(document.activeElement).toBe(payouts);
    expect(window.location.hash).toBe('#seller-payouts');
  });

  it('sends search and status filters to the server', async () => {
    const { user, api } = await openAsSeller();
    await screen.findByText('Prompt Toolkit');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'prompt');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');

    await waitFor(() => {
      const last = new URL(api.calls('GET /api/v1/seller/products').at(-1)?.url ?? '');
      expect(last.searchParams.get('query')).toBe('prompt');
      expect(last.searchParams.get('status')).toBe('rejected');
      expect(last.searchParams.get('page')).toBe('1');
    });
  });

  it('checks the form with the shared schema before uploading anything', async () => {
    const { user, api } = await openAsSeller();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Title must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Description must be at least 20 characters')).toBeTruthy();
    // An empty price is not $0: the seller is asked, not listed for free.
    expect(screen.getByText('Price must be a number')).toBeTruthy();
    expect(screen.getByText('Please choose a category')).toBeTruthy();

    await user.type(screen.getByLabelText('Price (USD)'), '20');
    await user.type(screen.getByLabelText('Original price (USD)'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Original price must not be lower than the price')).toBeTruthy();

    // Past the picker's own filter, as a drag-and-drop would be.
    const loose = userEvent.setup({ applyAccept: false });
    await loose.upload(screen.getByLabelText('Images'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please select a valid image file')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/products')).toHaveLength(0);
  });

  it('uploads the product as multipart with a progress bar, then lists it as pending', async () => {
    const answer = deferred<Response>();
    const created = makeOwnProduct({ id: 'p-new', title: 'Vector Search Kit' });
    let listed = [makeOwnProduct()];
    const { user, api } = await openAsSeller({
      'POST /api/v1/seller/products': () => answer.promise,
      'GET /api/v1/seller/products': () =>
        json(200, {
          products: listed,
          data: listed,
          total: listed.length,
          pagination: { page: 1, limit: 10, total: listed.length, pages: 1 },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await user.type(await screen.findByLabelText('Title'), 'Vector Search Kit');
    await user.type(screen.getByLabelText('Short description'), 'Semantic search in a box');
    await user.type(screen.getByLabelText('Description'), 'Index your documents and search them by meaning.');
    await user.type(screen.getByLabelText('Price (USD)'), '29.5');
    await user.selectOptions(screen.getByLabelText('Category'), 'ml-modules');
    await user.selectOptions(screen.getByLabelText('Licence'), 'commercial-team');
    await user.type(screen.getByLabelText('Tags'), 'search, vectors');
    await user.upload(screen.getByLabelText('Images'), new File(['png'], 'cover.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Product files'), new File(['zip'], 'kit.zip', { type: 'application/zip' }));
    expect(within(screen.getByRole('list', { name: 'Files to upload' })).getByText('kit.zip')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();

    listed = [created, ...listed];
    answer.resolve(json(201, { message: 'Product submitted for review', product: created, data: created }));
    expect(await screen.findByText('Product submitted for review')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(await screen.findByText('Vector Search Kit')).toBeTruthy();

    const request = api.calls('POST /api/v1/seller/products')[0];
    expect(request?.headers.get('Authorization')).toBe('Bearer access-token-1');
    const body = request?.body as FormData;
    expect(body.get('title')).toBe('Vector Search Kit');
    expect(body.get('price')).toBe('29.5');
    expect(body.get('category')).toBe('ml-modules');
    expect(body.get('license')).toBe('commercial-team');
    expect(body.get('tags')).toBe('["search","vectors"]');
    expect(body.has('original_price')).toBe(false);
    expect((body.get('images') as File).name).toBe('cover.png');
    expect((body.get('files') as File).name).toBe('kit.zip');
    expect(body.has('demo_video')).toBe(false);
  });

  it('shows a pay-what-you-want product in the list by its minimum, and opens it for editing with the switch on', async () => {
    const garden = makeProduct({ title: 'Prompt Garden', price: 5, pay_what_you_want: true, suggested_price: 12 });
    const { user } = await openAsSeller(
      {
        [`GET /api/v1/seller/products/${garden.id}/download-limit`]: () =>
          json(200, { product_id: garden.id, download_limit: null }),
      },
      [garden],
    );
    expect(await screen.findByText('Pay what you want, from $5.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Edit Prompt Garden/ }));
    expect(((await screen.findByRole('checkbox', { name: /Pay what you want/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Minimum price (USD)') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Suggested price (USD)') as HTMLInputElement).value).toBe('12');
  });

  // Much typing into a large form: give a loaded machine time (it ran past 20 s in a full run).
  it('lists a product for free, or as pay what you want with a minimum and a suggested price', { timeout: 45_000 }, async () => {
    const created = makeOwnProduct({ id: 'p-pwyw', title: 'Prompt Garden' });
    const { user, api } = await openAsSeller({
      'POST /api/v1/seller/products': () =>
        json(201, { message: 'Product submitted for review', product: created, data: created }),
    });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.type(await screen.findByLabelText('Title'), 'Prompt Garden');
    await user.type(screen.getByLabelText('Description'), 'A garden of prompts that grow with your writing.');
    await user.selectOptions(screen.getByLabelText('Category'), 'ml-modules');
    await user.upload(screen.getByLabelText('Product files'), new File(['zip'], 'garden.zip', { type: 'application/zip' }));
    await user.type(screen.getByLabelText('Price (USD)'), '0.2');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Price must be $0 (free) or at least $0.50')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: /Pay what you want/ }));
    const minimum = screen.getByLabelText('Minimum price (USD)');
    await user.clear(minimum);
    await user.type(minimum, '2');
    await user.type(screen.getByLabelText('Suggested price (USD)'), '1');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('The suggested price must not be lower than the minimum price')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/products')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Suggested price (USD)'));
    await user.type(screen.getByLabelText('Suggested price (USD)'), '12');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Product submitted for review')).toBeTruthy();
    const body = api.calls('POST /api/v1/seller/products')[0]?.body as FormData;
    expect(body.get('price')).toBe('2');
    expect(body.get('pay_what_you_want')).toBe('true');
    expect(body.get('suggested_price')).toBe('12');
  });

  it('says right after upload that a file failed the safety scan, lists why, and removes it', async () => {
    const dangerous = {
      id: 'f-1',
      file_name: 'model.pkl',
      content_type: 'application/octet-stream',
      size_bytes: 30,
      scan_verdict: 'dangerous' as const,
      scan_reasons: [
        {
          code: 'pickle_dangerous_global' as const,
          severity: 'dangerous' as const,
          message: 'Loading this pickle imports os.system and calls it',
          detail: 'os.system',
          member: null,
        },
      ],
      scanned_at: '2026-05-01T10:00:00.000Z',
    };
    const created = makeOwnProduct({ id: 'p-bad', title: 'Risky Model', files: [dangerous] });
    let listed = [makeOwnProduct()];
    const { user, api } = await openAsSeller({
      'POST /api/v1/seller/products': () =>
        json(201, { message: 'Product submitted for review', product: created, data: created }),
      'GET /api/v1/seller/products': () =>
        json(200, {
          products: listed,
          data: listed,
          total: listed.length,
          pagination: { page: 1, limit: 10, total: listed.length, pages: 1 },
        }),
      'DELETE /api/v1/seller/products/p-bad/files/f-1': () => {
        listed = [{ ...created, files: [] }, ...listed.slice(1)];
        return json(200, { message: 'File removed and product sent for review', product: listed[0], data: listed[0] });
      },
    });
    await startModelListing(user, 'Risky Model', 'A model whose pickle runs a command on load.');
    await user.upload(screen.getByLabelText('Product files'), new File(['pickle'], 'model.pkl'));
    listed = [created, ...listed];
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('1 file failed the safety scan')).toBeTruthy();
    const scans = await screen.findByRole('list', { name: 'Safety scan' });
    expect(within(scans).getByText('Dangerous')).toBeTruthy();
    expect(within(scans).getByText(/Loading this pickle runs os\.system/)).toBeTruthy();
    await user.click(within(scans).getByRole('button', { name: 'Remove model.pkl' }));
    expect(await screen.findByText('File removed')).toBeTruthy();
    expect(api.calls('DELETE /api/v1/seller/products/p-bad/files/f-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Safety scan' })).toBeNull());
  });

  it('shows the server refusal of an upload that is too large', async () => {
    const { user } = await openAsSeller({
      'POST /api/v1/seller/products': () =>
        json(413, { detail: 'Files too large - reduce file sizes', code: 'PAYLOAD_TOO_LARGE' }),
    });
    await startModelListing(user, 'Huge Model', 'A model far too large for this marketplace.');
    await user.upload(screen.getByLabelText('Product files'), new File(['weights'], 'model.bin'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Files too large - reduce file sizes')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Huge Model');
  });

  it('will not submit a new product without a file to download', async () => {
    const created = makeProduct({ title: 'Empty Box', status: 'pending' });
    const { user, api } = await openAsSeller({
      'POST /api/v1/seller/products': () => json(201, { message: 'Product submitted', product: created, data: created }),
    });
    await startModelListing(user, 'Empty Box', 'A product that forgot to include anything.');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Add at least one file for buyers to download')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/products')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Product files'), new File(['weights'], 'model.bin'));
    expect(screen.queryByText('Add at least one file for buyers to download')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(api.calls('POST /api/v1/seller/products')).toHaveLength(1));
    const sent = api.calls('POST /api/v1/seller/products')[0]?.body as FormData;
    expect((sent.getAll('files') as File[]).map((file) => file.name)).toEqual(['model.bin']);
  });

  it('shows the server refusal of a product without files beside the files field', async () => {
    const { user } = await openAsSeller({
      'POST /api/v1/seller/products': () =>
        json(422, {
          detail: 'Add at least one file for buyers to download',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'files', message: 'Add at least one file for buyers to download' }],
        }),
    });
    await startModelListing(user, 'Broken Upload', 'The file got lost on the way to the server.');
    await user.upload(screen.getByLabelText('Product files'), new File([''], 'empty.bin'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    const files = screen.getByLabelText('Product files');
    await waitFor(() => expect(files.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Add at least one file for buyers to download')).toBeTruthy();
  });

  it('clears a server refusal on a text field once that field is edited, and only there', async () => {
    const { user } = await openAsSeller({
      'POST /api/v1/seller/products': () =>
        json(422, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: [
            { field: 'title', message: 'A product with this title is already listed' },
            { field: 'description', message: 'Describe what the buyer gets' },
          ],
        }),
    });
    await startModelListing(user, 'Twin Model', 'A model listed twice by mistake, or so it seems.');
    await user.upload(screen.getByLabelText('Product files'), new File(['weights'], 'model.bin'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('A product with this title is already listed')).toBeTruthy();
    expect(screen.getByText('Describe what the buyer gets')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), ' 2');
    expect(screen.queryByText('A product with this title is already listed')).toBeNull();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Describe what the buyer gets')).toBeTruthy();
  });

  it('resubmits an edited product with PUT, and its changed download limit beside it', async () => {
    const product = makeProduct({ status: 'rejected', rejection_reason: 'Needs screenshots' });
    const limitPath = '/api/v1/seller/products/11111111-1111-4111-8111-111111111111/download-limit';
    const { user, api } = await openAsSeller(
      {
        'PUT /api/v1/seller/products/11111111-1111-4111-8111-111111111111': () =>
          json(200, { message: 'Product updated and sent for review', product: { ...product, status: 'pending' } }),
        [`GET ${limitPath}`]: () => json(200, { product_id: product.id, download_limit: 2 }),
        [`PUT ${limitPath}`]: () => json(200, { product_id: product.id, download_limit: 5 }),
      },
      [product],
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Prompt Toolkit' }));
    expect(await screen.findByText(/This product was rejected: Needs screenshots/)).toBeTruthy();
    const limit = screen.getByLabelText('Download limit') as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe('2'));
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Prompt Toolkit Pro');
    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Save and resubmit' }));

    expect(await screen.findByText('Product updated and sent for review')).toBeTruthy();
    const body = api.calls('PUT /api/v1/seller/products/11111111-1111-4111-8111-111111111111')[0]?.body as FormData;
    expect(body.get('title')).toBe('Prompt Toolkit Pro');
    expect(body.get('category')).toBe('ai-tools');
    expect(body.get('license')).toBe('commercial-single-seat');
    expect(api.calls(`PUT ${limitPath}`).map((call) => call.body)).toEqual([{ download_limit: 5 }]);
  });

  it('checks the download limit with the shared schema before uploading, and leaves an untouched limit alone', async () => {
    const product = makeProduct({ status: 'rejected', rejection_reason: 'Needs screenshots' });
    const limitPath = '/api/v1/seller/products/11111111-1111-4111-8111-111111111111/download-limit';
    const { user, api } = await openAsSeller(
      {
        'PUT /api/v1/seller/products/11111111-1111-4111-8111-111111111111': () =>
          json(200, { message: 'Product updated and sent for review', product: { ...product, status: 'pending' } }),
        [`GET ${limitPath}`]: () => json(200, { product_id: product.id, download_limit: null }),
      },
      [product],
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Prompt Toolkit' }));
    const limit = await screen.findByLabelText('Download limit');
    for (const bad of ['0', '1001', '2.5', 'ten']) {
      await user.clear(limit);
      await user.type(limit, bad);
      await user.click(screen.getByRole('button', { name: 'Save and resubmit' }));
      expect(
        await screen.findByText('Download limit must be a whole number from 1 to 1,000, or empty for unlimited'),
      ).toBeTruthy();
    }
    expect(api.calls('PUT /api/v1/seller/products/11111111-1111-4111-8111-111111111111')).toHaveLength(0);
    // Empty is unlimited, as it already was: the product is saved and no limit is sent.
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save and resubmit' }));
    expect(await screen.findByText('Product updated and sent for review')).toBeTruthy();
    expect(api.calls(`PUT ${limitPath}`)).toHaveLength(0);
  });

  it('deletes a product after confirming that buyers keep their downloads', async () => {
    const { user, api } = await openAsSeller({
      'DELETE /api/v1/seller/products/11111111-1111-4111-8111-111111111111': () =>
        json(200, { message: 'Product removed. Buyers who paid keep their downloads.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Prompt Toolkit' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Buyers who paid keep their downloads/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('"Prompt Toolkit" was removed')).toBeTruthy();
    expect(api.calls('DELETE /api/v1/seller/products/11111111-1111-4111-8111-111111111111')).toHaveLength(1);
  });
});
