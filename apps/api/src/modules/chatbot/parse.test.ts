import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse';

describe('parseMessage', () => {
  it.each([
    ['', { kind: 'menu' }],
    ['Main menu', { kind: 'menu' }],
    ['Products', { kind: 'products' }],
    ['Show more', { kind: 'show_more' }],
    ['Pricing', { kind: 'pricing' }],
    ['Seller info', { kind: 'seller_info' }],
    ['Custom chatbot', { kind: 'custom_chatbot' }],
    ['Can you build me a chatbot?', { kind: 'custom_chatbot' }],
    ['what are your prices?', { kind: 'pricing' }],
    ['What fees do sellers pay?', { kind: 'seller_info' }],
    ['hello there', { kind: 'unknown' }],
  ])('%j is %j', (text, intent) => {
    expect(parseMessage(text)).toEqual(intent);
  });

  it.each([
    [
      'a dataset for finance under $50',
      { category: 'datasets', search: 'finance', max_price: 50, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['cheapest chatbot', { search: 'chatbot', sort_by: 'price', sort_order: 'asc' }],
    ['Best-selling scripts over 20 dollars', { category: 'scripts', min_price: 20, sort_by: 'popularity', sort_order: 'desc' }],
    [
      'prompt packs between $30 and $10',
      { category: 'prompt-packs', min_price: 10, max_price: 30, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['most expensive LLM', { category: 'models', sort_by: 'price', sort_order: 'desc' }],
    [
      'newest ML modules from $5 to $99.50',
      { category: 'ml-modules', min_price: 5, max_price: 99.5, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['top rated image generator APIs', { category: 'apis', search: 'image generator', sort_by: 'rating', sort_order: 'desc' }],
  ])('reads %j as catalogue filters', (text, query) => {
    expect(parseMessage(text)).toEqual({ kind: 'search', query });
  });

  it.each([
    ['compare Chatbot Kit and Image Pro', 'chatbot kit', 'image pro'],
    ['Chatbot Kit vs. Image Pro', 'chatbot kit', 'image pro'],
    ['compare "Resume Screener" with "Interview Coach"', 'resume screener', 'interview coach'],
  ])('reads %j as a comparison', (text, left, right) => {
    expect(parseMessage(text)).toEqual({ kind: 'compare', left, right });
  });
});
