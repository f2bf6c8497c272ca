import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ProductForm } from './product-form';

/** The listing card's part of the product form: only the chosen category's fields, checked by the shared schema. */

type User = ReturnType<typeof userEvent.setup>;

/** Types by pasting: the test is about the card, not the keystrokes (two shared cores). */
async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillBasics(user: User, category: string) {
  await fill(user, 'Title', 'Compact Sentiment Model');
  await fill(user, 'Description', 'A small sentiment model for product reviews.');
  await fill(user, 'Price (USD)', '49');
  await user.selectOptions(screen.getByLabelText('Category'), category);
  await user.upload(screen.getByLabelText('Product files'), new File(['weights'], 'model.safetensors'));
}

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  const user = userEvent.setup();
  render(<ProductForm submitLabel="Submit for review" onSubmit={onSubmit} />);
  return { user, onSubmit };
}

describe('the listing card in the product form', () => {
  it('shows only the chosen category’s fields', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('group', { name: 'Listing card' })).toBeNull(); // no category yet
    await user.selectOptions(screen.getByLabelText('Category'), 'models');
    expect(screen.getByLabelText('Framework')).toBeTruthy();
    expect(screen.getByLabelText('Minimum GPU memory')).toBeTruthy();
    expect(screen.queryByLabelText('Rows')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Category'), 'datasets');
    expect(screen.getByLabelText('Rows')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Parquet' })).toBeTruthy();
    expect(screen.queryByLabelText('Framework')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Category'), 'apis');
    expect(screen.getByLabelText('Hosting')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Category'), 'prompt-packs');
    expect(screen.queryByRole('group', { name: 'Listing card' })).toBeNull();
    // A custom licence asks for its text and its summary, whatever the category.
    await user.selectOptions(screen.getByLabelText('Licence'), 'custom');
    expect(screen.getByLabelText('Licence text')).toBeTruthy();
    expect(screen.getByLabelText('Commercial use')).toBeTruthy();
  });

  it('checks a started card before sending, then sends only the category’s fields as JSON', async () => {
    const { user, onSubmit } = renderForm();
    await fillBasics(user, 'models');
    await fill(user, 'Task', 'Sentiment analysis');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please choose a framework')).toBeTruthy();
    expect(screen.getByText('Say whether the model runs on a CPU')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Framework'), 'pytorch');
    await user.selectOptions(screen.getByLabelText('Model format'), 'safetensors');
    await fill(user, 'Parameters', '125M');
    await fill(user, 'Minimum GPU memory', '4');
    await user.selectOptions(screen.getByLabelText('Runs on CPU'), 'yes');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = (onSubmit.mock.calls[0] as unknown as [FormData])[0];
    expect(JSON.parse(String(body.get('card')))).toEqual({
      model: {
        task: 'Sentiment analysis',
        framework: 'pytorch',
        model_format: 'safetensors',
        parameters: 125_000_000,
        min_gpu_memory_gb: 4,
        runs_on_cpu: true,
      },
    });
  }, 60_000);

  it('sends no card when its fields are left empty', async () => {
    const { user, onSubmit } = renderForm();
    await fillBasics(user, 'datasets');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown as [FormData])[0].get('card')).toBeNull();
  });

  it('shows the server’s messages beside the card’s fields', async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError('Rows must be a whole number, 0 or more', 422, 'VALIDATION_FAILED', [
        { field: 'card.dataset.rows', message: 'Rows must be a whole number, 0 or more' },
      ]);
    });
    const { user } = renderForm(refuse);
    await fillBasics(user, 'datasets');
    await fill(user, 'Rows', '120000');
    await fill(user, 'Columns', '9');
    await user.click(screen.getByRole('checkbox', { name: 'CSV' }));
    await user.selectOptions(screen.getByLabelText('Contains personal data'), 'no');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Rows must be a whole number, 0 or more')).toBeTruthy();
    const sent = JSON.parse(String((refuse.mock.calls[0] as unknown as [FormData])[0].get('card')));
    expect(sent.dataset).toMatchObject({ rows: 120000, columns: 9, file_formats: ['csv'], contains_personal_data: false });
  });
});
