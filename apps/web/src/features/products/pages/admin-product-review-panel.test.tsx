import type { PublicProduct, ScannedFile } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { makeProduct } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const ID = '11111111-1111-4111-8111-111111111111';

const pending = makeProduct({
  id: ID,
  title: 'Prompt Toolkit',
  status: 'pending',
  short_description: 'Prompts that work',
  description: 'Forty prompts for support teams.\n\nEach comes with an example answer.',
  images: ['/api/v1/media/products/a.png', '/api/v1/media/products/b.png'],
});

function queue(products: PublicProduct[]): MockHandler {
  return () =>
    json(200, {
      products,
      stats: { pending: products.length, approved: 0, rejected: 0, total: products.length },
      total: products.length,
      page: 1,
      pages: 1,
    });
}

type ReviewFile = { id: string; file_name: string; content_type: string; size_bytes: number } & Partial<ScannedFile>;

async function openReview(files: ReviewFile[], handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin' }));
  const scanned = files.map((file) => ({
    scan_verdict: 'clean',
    scan_reasons: [],
    scanned_at: '2026-05-01T10:00:00.000Z',
    ...file,
  }));
  const api = mockApi({
    'GET /api/v1/admin/products': queue([pending]),
    [`GET /api/v1/admin/products/${ID}`]: () => json(200, { ...pending, files: scanned }),
    [`PUT /api/v1/admin/products/${ID}/approve`]: () =>
      json(200, { message: 'Product approved', product: { ...pending, status: 'approved' } }),
    ...handlers,
  });
  const view = renderRoute('/admin/products');
  await view.user.click(await screen.findByRole('button', { name: 'Review Prompt Toolkit' }));
  const panel = await screen.findByRole('dialog', { name: 'Review "Prompt Toolkit"' });
  return { ...view, api, panel };
}

describe('admin product review panel', () => {
  it('shows the description, every image and the files before the admin approves', async () => {
    const { user, api, panel } = await openReview([
      { id: 'f1', file_name: 'prompts.pdf', content_type: 'application/pdf', size_bytes: 2_400_000 },
      { id: 'f2', file_name: 'examples.zip', content_type: 'application/zip', size_bytes: 512 },
    ]);

    const description = within(panel).getByRole('region', { name: 'Description' });
    expect(within(description).getByText('Forty prompts for support teams.').tagName).toBe('P');
    expect(within(description).getByText('Each comes with an example answer.').tagName).toBe('P');
    expect(within(panel).getByText('Prompts that work')).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(pending.images);
    const files = within(panel).getByRole('list', { name: '2 files buyers download' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('prompts.pdf'), expect.stringContaining('examples.zip')]);
    expect(api.calls(`PUT /api/v1/admin/products/${ID}/approve`)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('"Prompt Toolkit" approved')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/products/${ID}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('places the seller’s headings under the panel’s Description heading, as the product page does', async () => {
    const description = '# Prompt Toolkit\n\nForty prompts.\n\n## Contents\n\nTen sections.\n\n#### Deep detail';
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({
      'GET /api/v1/admin/products': queue([{ ...pending, description }]),
      [`GET /api/v1/admin/products/${ID}`]: () => json(200, { ...pending, description, files: [] }),
    });
    const view = renderRoute('/admin/products');
    await view.user.click(await screen.findByRole('button', { name: 'Review Prompt Toolkit' }));
    const panel = await screen.findByRole('dialog', { name: 'Review "Prompt Toolkit"' });
    const region = within(panel).getByRole('region', { name: 'Description' });
    await within(region).findByText('Forty prompts.');
    // The panel's title is an h2 and the section's heading an h3: the seller's # becomes an h4.
    expect(within(panel).getByRole('heading', { name: 'Description' }).tagName).toBe('H3');
    const levels = within(region)
      .getAllByRole('heading')
      .map((heading) => `${heading.tagName}:${heading.textContent}`);
    expect(levels).toEqual(['H3:Description', 'H4:Prompt Toolkit', 'H5:Contents', 'H6:Deep detail']);
  });

  it('shows each file’s safety scan with its reasons and members, and offers no approval while one is dangerous', async () => {
    const { panel } = await openReview([
      {
        id: 'f1',
        file_name: 'model.pt',
        content_type: 'application/octet-stream',
        size_bytes: 4096,
        scan_verdict: 'dangerous',
        scan_reasons: [
          {
            code: 'pickle_dangerous_global',
            severity: 'dangerous',
            message: 'Loading this pickle imports os.system and calls it',
            detail: 'os.system',
            member: 'archive/data.pkl',
          },
        ],
      },
      { id: 'f2', file_name: 'README.md', content_type: 'text/markdown', size_bytes: 20 },
    ]);
    expect(within(panel).getByText('Dangerous')).toBeTruthy();
    expect(within(panel).getByText('Clean')).toBeTruthy();
    expect(within(panel).getByText(/Loading this pickle runs os\.system/).textContent).toContain('in archive/data.pkl');
    expect(within(panel).getByText(/A file failed the safety scan/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('warns when a product has no files, and rejects from the panel with a reason', async () => {
    const { user, panel } = await openReview([]);
    expect(
      within(panel).getByText(
        'No files: a buyer would get nothing to download. It cannot be approved until the seller adds one.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('dialog', { name: 'Reject "Prompt Toolkit"' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Review "Prompt Toolkit"' })).toBeNull();
  });

  it('downloads a file under review through the signed link the server issues, and says so when it cannot', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    const { user, panel } = await openReview(
      [
        { id: 'f1', file_name: 'prompts.pdf', content_type: 'application/pdf', size_bytes: 2_400_000 },
        { id: 'f2', file_name: 'gone.zip', content_type: 'application/zip', size_bytes: 512 },
      ],
      {
        [`POST /api/v1/admin/products/${ID}/files/f1/link`]: () =>
          json(200, { url: '/api/v1/downloads/review/signed-token', expires_at: '2026-11-25T20:05:00.000Z' }),
        [`POST /api/v1/admin/products/${ID}/files/f2/link`]: () => json(404, { detail: 'File not found', code: 'NOT_FOUND' }),
      },
    );

    await user.click(within(panel).getByRole('button', { name: 'Download prompts.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['/api/v1/downloads/review/signed-token as prompts.pdf']));

    await user.click(within(panel).getByRole('button', { name: 'Download gone.zip' }));
    expect(await screen.findByText('File not found')).toBeTruthy();
    expect(clicked).toHaveLength(1);
    click.mockRestore();
  });

  it('closes on Escape without deciding anything', async () => {
    const { user, api } = await openReview([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`PUT /api/v1/admin/products/${ID}/approve`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Review Prompt Toolkit' })).toBeTruthy();
  });

  it('says so when the product cannot be loaded', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({
      'GET /api/v1/admin/products': queue([pending]),
      [`GET /api/v1/admin/products/${ID}`]: () => json(404, { detail: 'Product not found', code: 'NOT_FOUND' }),
    });
    const { user } = renderRoute('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Review Prompt Toolkit' }));
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
