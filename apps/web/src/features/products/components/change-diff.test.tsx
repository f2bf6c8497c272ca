import type { AdminVersionReview } from '@app/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldDiffList, FileDiffTable } from './change-diff';
import { ChangeReviewBody } from './product-changes-section';

/** What the admin compares before approving a change to a live product (decision 0038). */

describe('the file diff of a new version', () => {
  it('names every file added, changed, removed or kept, with its size', () => {
    render(
      <FileDiffTable
        previousLabel="1.0"
        diff={{
          added: [{ file_name: 'CHANGES.md', size_bytes: 300 }],
          removed: [{ file_name: 'old-readme.txt', size_bytes: 2048 }],
          changed: [{ file_name: 'model.gguf', before_bytes: 1024, after_bytes: 3 * 1024 * 1024 }],
          unchanged: [{ file_name: 'LICENSE', size_bytes: 1000 }],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Files compared with version 1.0' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Added', 'CHANGES.md', '300 B'],
      ['Changed', 'model.gguf', '1.0 KB → 3.0 MB'],
      ['Removed', 'old-readme.txt', '2.0 KB'],
      ['Unchanged', 'LICENSE', '1,000 B'],
    ]);
  });
});

describe('the field diff of an edit', () => {
  it('shows each changed field before and after, money as money and empty values as empty', () => {
    render(
      <FieldDiffList
        changes={[
          { field: 'title', before: 'Prompt Kit', after: 'Prompt Kit Pro' },
          { field: 'price', before: 10, after: 25 },
          { field: 'short_description', before: '', after: 'Now with examples' },
          { field: 'tags', before: ['prompts'], after: ['prompts', 'support'] },
        ]}
      />,
    );
    const field = (name: string) => {
      const term = screen.getByText(name, { selector: 'dt' });
      return term.nextElementSibling?.textContent ?? '';
    };
    expect(field('Title')).toBe('Before (live)Prompt KitAfterPrompt Kit Pro');
    expect(field('Price')).toBe('Before (live)$10.00After$25.00');
    expect(field('Short description')).toBe('Before (live)(empty)AfterNow with examples');
    expect(field('Tags')).toBe('Before (live)promptsAfterprompts, support');
  });

  it('shows seller text as text, never as markup', () => {
    render(<FieldDiffList changes={[{ field: 'description', before: 'Old', after: '<img src=x onerror=alert(1)>Hi' }]} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>Hi')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('says so when an edit changes no field (only files)', () => {
    render(<FieldDiffList changes={[]} />);
    expect(screen.getByText('This edit changes no field.')).toBeTruthy();
  });
});

describe('a version under review', () => {
  it('renders the changelog as safe markdown beside the file diff', async () => {
    const review: AdminVersionReview = {
      product: { id: 'p-1', title: 'Prompt Kit', seller_name: 'Sel Ler', status: 'approved' },
      current: { label: '1.0', released_at: '2026-01-01T00:00:00.000Z' },
      version: {
        id: 'v-1',
        label: '1.1',
        changelog: '## Fixed\n- the **crash** on start\n\n<script>alert(1)</script>',
        status: 'pending',
        rejection_reason: null,
        released_at: null,
        created_at: '2026-02-01T00:00:00.000Z',
        files: [],
      },
      file_diff: { added: [{ file_name: 'fix.patch', size_bytes: 10 }], removed: [], changed: [], unchanged: [] },
    };
    render(<ChangeReviewBody data={{ kind: 'version', review }} />);
    expect(screen.getByRole('heading', { name: 'Changelog of 1.1' })).toBeTruthy();
    expect(await screen.findByText('crash', { selector: 'strong' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('table', { name: 'Files compared with version 1.0' }).textContent).toContain('fix.patch');
  });
});
