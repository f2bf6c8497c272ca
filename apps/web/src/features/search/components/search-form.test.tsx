import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { json, type MockRequest, mockApi } from '@/test/api-mock';
import { makeProduct, productList } from '@/test/catalog-fixtures';
import { searchLandmark } from '@/test/landmarks';
import { renderRoute } from '@/test/render';
import { SearchForm } from './search-form';

const routes: RouteObject[] = [
  { path: '/', element: <SearchForm /> },
  { path: '/products', element: <p>catalogue</p> },
  { path: '/products/:id', element: <p>product page</p> },
];

const catalogue = [
  makeProduct({ id: 'p-1', title: 'Chatbot Builder', category: 'AI Tools', price: 29 }),
  makeProduct({ id: 'p-2', title: 'Chatbot Intent Model', category: '', price: 120.5 }),
  makeProduct({ id: 'p-3', title: 'Support Chatbot Kit', category: 'Scripts', price: 15 }),
  makeProduct({ id: 'p-4', title: 'Chat Logs Dataset', category: 'Datasets', price: 80 }),
  makeProduct({ id: 'p-5', title: 'Chatty Prompts', category: 'Prompt Packs', price: 9 }),
];

/** GET /products/?search= answers with the titles containing the text, noting when each request came. */
function searchApi() {
  const times: number[] = [];
  const api = mockApi({
    'GET /api/v1/products/': (request: MockRequest) => {
      times.push(Date.now());
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      return json(200, productList(catalogue.filter((product) => product.title.toLowerCase().includes(search))));
    },
  });
  const searches = () => api.calls('GET /api/v1/products/').map((request) => new URL(request.url).search);
  return { ...api, times, searches };
}

function box() {
  return screen.getByRole('combobox', { name: 'Search products' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('header search dropdown', () => {
  it('asks for suggestions only from 2 characters, 300 ms after typing stops, with limit 10', async () => {
    const api = searchApi();
    const { user } = renderRoute('/', { routes });

    await user.type(box(), 'c');
    await sleep(450);
    expect(api.searches()).toEqual([]);
    expect(box().getAttribute('aria-expanded')).toBe('false');

    await user.type(box(), 'ha');
    // Read before the last key: its timer starts after this (read after it, a loaded machine had
    // the timer start some 20 ms before the clock was read).
    const lastKeyAt = Date.now();
    await user.type(box(), 't');
    expect(api.searches()).toEqual([]);
    await waitFor(() => expect(api.searches()).toEqual(['?search=chat&limit=10']));
    // One request for the settled text, none for 'ch' or 'cha' typed on the way.
    expect((api.times[0] ?? 0) - lastKeyAt).toBeGreaterThanOrEqual(295); // 300 ms, less the wall clock's rounding
    await screen.findByRole('listbox', { name: 'Product suggestions' });
    await sleep(400);
    expect(api.searches()).toHaveLength(1);
  });

  it('shows at most 3 suggestions with image, title, category (or AI Tool) and price, then View all results', async () => {
    searchApi();
    const { user } = renderRoute('/', { routes });

    await user.type(box(), 'chat');
    const listbox = await screen.findByRole('listbox', { name: 'Product suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(4);
    expect(options.map((option) => option.textContent)).toEqual([
      'Chatbot BuilderAI Tools$29.00',
      'Chatbot Intent ModelAI Tool$120.50',
      'Support Chatbot KitScripts$15.00',
      'View all results',
    ]);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/v1/media/product-images/p-1-cover.svg');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
  });

  it('moves through the rows with the arrow keys and opens the highlighted product with Enter', async () => {
    searchApi();
    const { user, router } = renderRoute('/', { routes });

    await user.type(box(), 'chat');
    await screen.findByRole('listbox', { name: 'Product suggestions' });
    const selected = () => screen.getAllByRole('option').findIndex((option) => option.getAttribute('aria-selected') === 'true');

    expect(selected()).toBe(-1);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(0);
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()).toBe(3);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(0);
    await user.keyboard('{ArrowUp}');
    expect(selected()).toBe(3);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()).toBe(1);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/products/p-2');
    expect(JSON.parse(window.localStorage.getItem('recentSearches') ?? '[]')).toEqual(['chat']);
  });

  it('closes with Escape, and Enter without a highlighted row searches the catalogue for the text', async () => {
    searchApi();
    const { user, router } = renderRoute('/', { routes });

    await user.type(box(), 'chat');
    await screen.findByRole('listbox', { name: 'Product suggestions' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.keyboard(' bot{Enter}');
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=chat%20bot');
  });

  it('goes to all results from the View all results row', async () => {
    searchApi();
    const { user, router } = renderRoute('/', { routes });

    await user.type(box(), 'chat');
    await user.click(await screen.findByRole('option', { name: 'View all results' }));
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=chat');
  });

  it('says exactly No products found for "{text}" when nothing matches', async () => {
    searchApi();
    const { user } = renderRoute('/', { routes });

    await user.type(box(), 'zebra');
    expect(await screen.findByText('No products found for "zebra"')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('offers up to 5 recent searches, newest first and without repeats, when the box is focused and empty', async () => {
    searchApi();
    window.localStorage.setItem('recentSearches', JSON.stringify(['dataset', 'vision', 'agents', 'voice', 'llm', 'old']));
    const { user, router } = renderRoute('/', { routes });

    await user.click(box());
    const listbox = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['dataset', 'vision', 'agents', 'voice', 'llm']);

    // Submitting a search again moves it to the front instead of adding a copy.
    await user.type(box(), 'Voice{Enter}');
    expect(router.state.location.search).toBe('?search=Voice');
    expect(JSON.parse(window.localStorage.getItem('recentSearches') ?? '[]')).toEqual([
      'Voice',
      'dataset',
      'vision',
      'agents',
      'llm',
    ]);
  });

  it('runs a recent search chosen with the keyboard', async () => {
    searchApi();
    window.localStorage.setItem('recentSearches', JSON.stringify(['vision', 'agents']));
    const { user, router } = renderRoute('/', { routes });

    await user.click(box());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.search).toBe('?search=agents');
    expect(JSON.parse(window.localStorage.getItem('recentSearches') ?? '[]')).toEqual(['agents', 'vision']);
  });
});

/**
 * Types as a browser does: each key puts its letter after what the box shows at that moment and
 * fires `input`, outside act(), so React's deferred work runs only when the next pause lets it.
 */
async function typeLikeABrowser(input: HTMLInputElement, text: string, pauses: number[]) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const shown: string[] = [];
  for (const [index, key] of [...text].entries()) {
    setValue?.call(input, input.value + key);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    shown.push(input.value);
    const pause = pauses[index % pauses.length] ?? 0;
    if (pause > 0) await sleep(pause);
  }
  await sleep(400);
  return shown;
}

describe('typing in the search box', () => {
  // The keys below are real events, not act() batches: React runs its deferred work on its own.
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let before: boolean | undefined;
  beforeEach(() => {
    before = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
  });
  // Put back as found: test files share one module graph and global object (apps/web/vitest.config.ts),
  // and a flag left on makes React report every later update outside act() as an error.
  afterEach(() => {
    env.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('never loses a key, whether keys come before, around or after the 300 ms debounce and suggestions', async () => {
    const api = searchApi();
    renderRoute('/', { routes });
    const input = box() as HTMLInputElement;
    input.focus();

    // 0 ms: the next key comes before React's deferred work; 290–310 ms: right around the debounce,
    // while suggestions for the text so far are being asked for and arrive.
    const shown = await typeLikeABrowser(input, 'chatbto', [0, 30, 290, 0, 310, 200, 0]);
    expect(shown).toEqual(['c', 'ch', 'cha', 'chat', 'chatb', 'chatbt', 'chatbto']);
    expect(input.value).toBe('chatbto');
    expect(api.searches().length).toBeGreaterThan(0);

    await typeLikeABrowser(input, ' x', [0, 0]);
    expect(input.value).toBe('chatbto x');
  });

  it('keeps a phrase typed over suggestions that arrive for its first words', async () => {
    searchApi();
    renderRoute('/', { routes });
    const input = box() as HTMLInputElement;
    input.focus();

    const shown = await typeLikeABrowser(input, 'dataset under fifty', [40, 0, 320, 0, 120, 0, 305, 60]);
    expect(shown.at(-1)).toBe('dataset under fifty');
    expect(input.value).toBe('dataset under fifty');
  });
});

describe('search form submit button', () => {
  it('the header form has a real submit button, reached by Tab, that searches the catalogue', async () => {
    searchApi();
    const { user, router } = renderRoute('/', { routes });
    const form = searchLandmark('Site search');
    const button = within(form).getByRole('button', { name: 'Search the catalogue' });
    expect(button.getAttribute('type')).toBe('submit');

    await user.type(box(), 'speech');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=speech');
  });

  it("names the button in the reader's language", async () => {
    searchApi();
    await switchLanguage('de');
    renderRoute('/', { routes });
    const form = searchLandmark('Website-Suche');
    expect(within(form).getByRole('button', { name: 'Katalog durchsuchen' }).getAttribute('type')).toBe('submit');
  });
});

describe('header search combobox semantics', () => {
  it('leaving the box with a row highlighted chooses nothing and closes the list', async () => {
    searchApi();
    const { user, router } = renderRoute('/', { routes });

    await user.type(box(), 'chat');
    await screen.findByRole('listbox', { name: 'Product suggestions' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(router.state.location.pathname).toBe('/');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('chat');
  });

  it('highlights the row under the pointer, and each search box is its own named landmark', async () => {
    searchApi();
    const { user } = renderRoute('/', {
      routes: [
        {
          path: '/',
          element: (
            <>
              <SearchForm />
              <SearchForm size="lg" />
            </>
          ),
        },
      ],
    });
    expect(searchLandmark('Site search')).toBeTruthy();
    const hero = searchLandmark('Catalogue search');

    const heroBox = within(hero).getByRole('combobox', { name: 'Search products' });
    await user.type(heroBox, 'chat');
    const listbox = await within(hero).findByRole('listbox', { name: 'Product suggestions' });
    const [, second] = within(listbox).getAllByRole('option');
    await user.hover(second as HTMLElement);
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(heroBox.getAttribute('aria-activedescendant')).toBe(second?.id);
  });
});
