import type { ChatBotMessage } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { botText, rowText } from './bot-text';

const search: ChatBotMessage = {
  id: '1',
  key: 'search_results',
  text: 'Here are Datasets matching “finance” under $50.00, cheapest first.',
  values: {
    summary: 'Datasets matching “finance” under $50.00, cheapest first',
    q_category: 'datasets',
    q_search: 'finance',
    q_max_usd: 50,
    q_sort: 'price:asc',
  },
};

describe('the assistant’s words in the visitor’s language', () => {
  afterEach(async () => {
    await switchLanguage('en');
  });

  it('words a search summary from its parts', () => {
    expect(botText(search)).toBe('Here are Datasets matching “finance” under $50.00, cheapest first.');
  });

  it('words the summary, fact rows and category names in German', async () => {
    await switchLanguage('de');
    const text = botText(search);
    expect(text).toContain('Datensätze');
    expect(text).toContain('„finance“');
    expect(text).toContain('günstigste zuerst');
    expect(rowText({ label: 'Platform fee', value: '10%', kind: 'platform_fee', data: { percent: 10 } })).toEqual({
      label: 'Plattformgebühr',
      value: '10 %',
    });
    const range = rowText({
      label: 'AI Tools',
      value: '$15.00 – $99.00 · 2 products',
      kind: 'price_range',
      data: { category: 'ai-tools', min_usd: 15, max_usd: 99, count: 2 },
    });
    expect(range.label).toBe('KI-Tools');
    expect(range.value).toContain('2 Produkte');
  });

  it('shows rows without a kind as the server sent them', () => {
    expect(rowText({ label: 'Something', value: 'as is' })).toEqual({ label: 'Something', value: 'as is' });
  });

  it('no-results messages built from filters say the filters, not the raw values', () => {
    const message: ChatBotMessage = {
      id: '2',
      key: 'no_results',
      text: 'No products found for "Models under $5.00, newest first"',
      values: { text: 'Models under $5.00, newest first', q_category: 'models', q_max_usd: 5, q_sort: 'created_at:desc' },
    };
    expect(botText(message)).toBe('No products found for "Models under $5.00, newest first"');
  });
});
