import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { api } from './api-client';
import { authStore } from './auth-store';
import { initialAnswer, resetInitialAnswers } from './initial-answers';

function writeAnswers(answers: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'initial-answers';
  block.textContent = JSON.stringify(answers);
  document.head.append(block);
}

afterEach(() => {
  resetInitialAnswers();
  document.getElementById('initial-answers')?.remove();
  authStore.reset();
  vi.restoreAllMocks();
});

describe('answers the server wrote into the page', () => {
  it('serves the first anonymous call for each path from the page, once, then asks the server', async () => {
    // A page just loaded (the worker running this file may have been up for minutes).
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    writeAnswers({ '/products/?limit=12': { products: [], total: 7 } });
    const server = mockApi({ 'GET /api/v1/products/': () => json(200, { products: [], total: 8 }) });
    await expect(api.get('/products/?limit=12')).resolves.toEqual({ products: [], total: 7 });
    // The block is read once and taken out of the page.
    expect(document.getElementById('initial-answers')).toBeNull();
    await expect(api.get('/products/?limit=12')).resolves.toEqual({ products: [], total: 8 });
    expect(server.calls('GET /api/v1/products/')).toHaveLength(1);
  });

  it('never answers a signed-in call from the page, and ignores answers once the page is old', async () => {
    writeAnswers({ '/settings/public': { site_name: 'From the page' }, '/products/categories/list': { categories: [] } });
    authStore.setSession(makeSession());
    mockApi({ 'GET /api/v1/settings/public': () => json(200, { site_name: 'From the server' }) });
    await expect(api.get('/settings/public')).resolves.toEqual({ site_name: 'From the server' });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(initialAnswer('/products/categories/list')).toBeUndefined();
  });

  it('has nothing to give when the page holds no answers or unreadable ones', () => {
    expect(initialAnswer('/settings/public')).toBeUndefined();
    resetInitialAnswers();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'initial-answers';
    block.textContent = '{not json';
    document.head.append(block);
    expect(initialAnswer('/settings/public')).toBeUndefined();
  });
});
