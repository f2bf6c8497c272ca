import type { ListingCard as ListingCardData } from '@app/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListingCard } from './listing-card';

const base: ListingCardData = {
  kind: null,
  model: null,
  dataset: null,
  api: null,
  license_text: null,
  commercial_use: true,
  redistribution: false,
  modification: true,
};

/** The value shown beside a label of the card's list. */
function shownFor(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the listing card on the product page', () => {
  it('shows a model’s fields and what its licence allows', () => {
    render(
      <ListingCard
        license="Apache-2.0"
        card={{
          ...base,
          kind: 'model',
          model: {
            task: 'Text generation',
            framework: 'llama-cpp',
            model_format: 'gguf',
            parameters: 7_000_000_000,
            min_gpu_memory_gb: 6,
            runs_on_cpu: true,
          },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Listing card' })).toBeTruthy();
    expect(shownFor('Framework')).toBe('llama.cpp');
    expect(shownFor('Model format')).toBe('GGUF');
    expect(shownFor('Parameters')).toBe('7B');
    expect(shownFor('Minimum GPU memory')).toBe('6 GB');
    expect(shownFor('Runs on CPU')).toBe('Yes');
    const terms = screen.getByRole('list', { name: 'Licence' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Commercial use: Yes', 'Redistribution: No', 'Modification: Yes']);
    expect(screen.getByText('Apache-2.0')).toBeTruthy();
  });

  it('shows a dataset’s fields and a custom licence’s text', () => {
    render(
      <ListingCard
        license="custom"
        card={{
          ...base,
          kind: 'dataset',
          dataset: {
            rows: 120_000,
            columns: 9,
            file_formats: ['jsonl', 'parquet'],
            size_mb: null,
            source: 'Licensed documents from partner organisations',
            collection_method: '',
            contains_personal_data: true,
          },
          license_text: 'No resale of the files.',
        }}
      />,
    );
    expect(shownFor('Rows')).toBe('120,000');
    expect(shownFor('File formats')).toBe('JSON Lines, Parquet');
    expect(shownFor('Size')).toBe('Not stated');
    expect(shownFor('Contains personal data')).toBe('Yes');
    expect(screen.getByText('Custom licence')).toBeTruthy();
    expect(screen.getByText('No resale of the files.')).toBeTruthy();
  });

  it('shows nothing for a product without a card', () => {
    const { container } = render(<ListingCard license="MIT" card={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
