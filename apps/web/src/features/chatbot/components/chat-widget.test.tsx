import type { ChatBotMessage, ChatReply } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { useCart } from '@/lib/cart/get-cart';
import { json, type MockRequest, mockApi } from '@/test/api-mock';
import { makeCartItem, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ChatLauncher } from './chat-launcher';

const SESSION = '0b6c7a52-5d4e-4f7e-9c11-2f0a3c7e9a01';
const MENU = ['products', 'pricing', 'seller_info', 'custom_chatbot'] as const;

function bot(key: string, text: string, extra: Partial<ChatBotMessage> = {}): ChatBotMessage {
  return { id: `${key}-${Math.random()}`, key, text, ...extra };
}

function reply(messages: ChatBotMessage[], extra: Partial<ChatReply> = {}): ChatReply {
  return {
    session_id: SESSION,
    messages,
    context: { flow: 'menu', step: null, name: null, email: null, last_intent: null },
    action: null,
    params: {},
    ...extra,
  };
}

const greeting = reply([
  bot('greeting', 'Hi!', {
    values: { site: 'AI Marketplace' },
    quick_replies: [...MENU],
  }),
]);

const cards = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Budget Chatbot Kit',
    short_description: 'A chatbot for small shops',
    price: 15,
    image: null,
    category: 'AI Tools',
    rating: 0,
    url: '/products/11111111-1111-4111-8111-111111111111',
    seller: 'Neural Labs',
    seller_url: '/sellers/99999999-9999-4999-8999-999999999999',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Finance Headlines Dataset',
    short_description: 'Ten years of headlines',
    price: 40,
    image: null,
    category: 'Datasets',
    rating: 4.5,
    url: '/products/22222222-2222-4222-8222-222222222222',
  },
];

const productList = reply(
  [
    bot('newest', 'Here are our newest products.', {
      products: cards,
      link: { href: '/products?sort_by=created_at&sort_order=desc', label: 'See these in the catalogue' },
      has_more: true,
      quick_replies: ['show_more', 'pricing', 'main_menu'],
    }),
  ],
  { action: 'show_products', params: { limit: 6, sort_by: 'created_at', sort_order: 'desc', page: 1 } },
);

/** Answers by message text; a function may hold its answer back. */
function chatServer(answers: Record<string, (request: MockRequest) => Response | Promise<Response>>) {
  return {
    'POST /api/v1/chatbot/message': (request: MockRequest) => {
      const { message } = request.body as { message: string };
      const answer = answers[message];
      return answer ? answer(request) : json(200, reply([bot('unknown', 'Sorry, I did not understand that.')]));
    },
  };
}

function Shell() {
  const { cart } = useCart();
  return (
    <>
      <output aria-label="Items in cart">{cart.totalItems}</output>
      <Outlet />
      <ChatLauncher />
    </>
  );
}

function renderWidget() {
  return renderRoute('/', {
    routes: [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/products', element: <h1>Catalogue</h1> },
          { path: '/products/:id', element: <h1>Product page</h1> },
          { path: '/login', element: <h1>Sign in</h1> },
        ],
      },
    ],
  });
}

async function openChat(user: ReturnType<typeof renderWidget>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open shopping assistant' }));
  const panel = await screen.findByRole('dialog', { name: 'Shopping assistant' });
  await within(panel).findByText(/I'm the AI Marketplace shopping assistant/);
  return panel;
}

describe('chat widget', () => {
  it('opens from the bottom-right button with the greeting and quick replies; Escape closes it', async () => {
    const api = mockApi(chatServer({ '': () => json(200, greeting) }));
    const { user } = renderWidget();

    await user.click(screen.getByRole('button', { name: 'Open shopping assistant' }));
    const panel = await screen.findByRole('dialog', { name: 'Shopping assistant' });
    // The typing indicator shows before the greeting.
    expect(await within(panel).findByText('The assistant is typing…')).toBeTruthy();
    expect(
      await within(panel).findByText(
        "Hi! I'm the AI Marketplace shopping assistant. I can show you products, explain pricing, tell you about selling here or plan a custom chatbot with you. What would you like?",
      ),
    ).toBeTruthy();
    const replies = within(panel).getByRole('group', { name: 'Suggested replies' });
    expect(
      within(replies)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Products', 'Pricing', 'Seller info', 'Custom chatbot']);
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Message' }));
    expect(api.calls('POST /api/v1/chatbot/message')[0]?.body).toMatchObject({ session_id: null, message: '' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const launcher = screen.getByRole('button', { name: 'Open shopping assistant' });
    expect(document.activeElement).toBe(launcher);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows product cards and adds one to the signed-in user’s cart from the chat', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      ...chatServer({ '': () => json(200, greeting), products: () => json(200, productList) }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });
    const { user, router } = renderWidget();
    const panel = await openChat(user);

    await user.click(within(panel).getByRole('button', { name: 'Products' }));
    const list = await within(panel).findByRole('list', { name: 'Suggested products' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Budget Chatbot Kit' })).toBeTruthy();
    expect(first.getByText('A chatbot for small shops')).toBeTruthy();
    expect(first.getByText('$15.00')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View Budget Chatbot Kit' }).getAttribute('href')).toBe(cards[0]?.url);
    expect(first.getByRole('link', { name: 'Neural Labs' }).getAttribute('href')).toBe(cards[0]?.seller_url);
    // The visitor's own bubble says what they chose; the server got the session from the greeting.
    expect(within(panel).getByText('Products', { selector: 'p' })).toBeTruthy();
    expect(api.calls('POST /api/v1/chatbot/message')[1]?.body).toMatchObject({ session_id: SESSION, message: 'products' });
    const below = within(panel).getByRole('group', { name: 'Suggested replies' });
    expect(
      within(below)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Show more', 'Pricing', 'Main menu']);

    await user.click(first.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Items in cart' }).textContent).toBe('1'));
    expect(api.calls('POST /api/v1/cart/add')[0]?.body).toEqual({ product_id: cards[0]?.id, quantity: 1 });

    await user.click(within(panel).getByRole('link', { name: 'See these in the catalogue' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/products?sort_by=created_at&sort_order=desc');
    // The conversation stays open across the page change.
    expect(screen.getByRole('dialog', { name: 'Shopping assistant' })).toBeTruthy();
  });

  it('marks a product the buyer owns "In your library" and asks before its Add to Cart buys it again', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      ...chatServer({ '': () => json(200, greeting), products: () => json(200, productList) }),
      'GET /api/v1/orders/owned-products': () => json(200, { product_ids: [cards[0]?.id] }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });
    const { user } = renderWidget();
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('button', { name: 'Products' }));
    const list = await within(panel).findByRole('list', { name: 'Suggested products' });
    const [ownedCard, otherCard] = within(list).getAllByRole('listitem') as HTMLElement[];
    const owned = within(ownedCard as HTMLElement);
    expect(await owned.findByText('In your library')).toBeTruthy();
    expect(owned.getByRole('link', { name: 'Download Budget Chatbot Kit from your library' }).getAttribute('href')).toBe(
      `/orders?download=${cards[0]?.id}`,
    );
    expect(within(otherCard as HTMLElement).queryByText('In your library')).toBeNull();

    // Add to Cart no longer adds silently: it asks, and Cancel adds nothing.
    await user.click(owned.getByRole('button', { name: 'Add to Cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'You already own Budget Chatbot Kit' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);

    // Only "Buy again" adds it, saying so to the server.
    await user.click(owned.getByRole('button', { name: 'Add to Cart' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'You already own Budget Chatbot Kit' })).getByRole('button', {
        name: 'Buy again',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'Items in cart' }).textContent).toBe('1'));
    expect(api.calls('POST /api/v1/cart/add').map((call) => call.body)).toEqual([
      { product_id: cards[0]?.id, quantity: 1, buy_again: true },
    ]);
  });

  it('drops the reply to a message that a newer one overtook', async () => {
    let releaseSlow: () => void = () => {};
    mockApi(
      chatServer({
        '': () => json(200, greeting),
        'slow question': () =>
          new Promise<Response>((resolve) => {
            releaseSlow = () => resolve(json(200, reply([bot('search_results', 'STALE ANSWER')])));
          }),
        'fast question': () =>
          json(200, reply([bot('search_results', 'Here are {{summary}}.', { values: { summary: 'fresh picks' } })])),
      }),
    );
    const { user } = renderWidget();
    const panel = await openChat(user);
    const box = within(panel).getByRole('textbox', { name: 'Message' });

    await user.type(box, 'slow question{Enter}');
    await user.type(box, 'fast question{Enter}');
    expect(await within(panel).findByText('Here are fresh picks.')).toBeTruthy();
    releaseSlow();
    // A later exchange completes after the stale answer arrived; the stale one never shows.
    await user.type(box, 'third question{Enter}');
    expect(await within(panel).findByText(/^Sorry, I did not understand that/)).toBeTruthy();
    expect(within(panel).queryByText('STALE ANSWER')).toBeNull();
    expect(within(panel).queryByText('Here are fresh picks.')).toBeTruthy();
  });

  it.each([
    ['products', 'Products', "Sorry—couldn't load products. Please try again."],
    ['custom_chatbot', 'Custom chatbot', 'Sorry—something went wrong. Please try again.'],
  ])('shows the spec error text when %s fails', async (message, label, text) => {
    mockApi(
      chatServer({
        '': () => json(200, greeting),
        [message]: () => json(500, { detail: 'Internal server error', code: 'INTERNAL' }),
      }),
    );
    const { user } = renderWidget();
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('button', { name: label }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(text);
    expect(within(panel).queryByText('The assistant is typing…')).toBeNull();
  });

  it('shows the server’s reason when messages come too fast', async () => {
    mockApi(
      chatServer({
        '': () => json(200, greeting),
        pricing: () =>
          json(429, {
            detail: 'You are sending messages too quickly. Please wait a moment and try again.',
            code: 'RATE_LIMITED',
          }),
      }),
    );
    const { user } = renderWidget();
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('button', { name: 'Pricing' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'You are sending messages too quickly. Please wait a moment and try again.',
    );
  });

  it('asks for an e-mail with the browser’s e-mail hints during the lead flow', async () => {
    const leadContext = { flow: 'lead' as const, step: 'email', name: 'Ada', email: null, last_intent: 'custom_chatbot' };
    mockApi(
      chatServer({
        '': () => json(200, greeting),
        Ada: () =>
          json(
            200,
            reply([bot('lead_ask_email', 'Thanks, Ada!', { values: { name: 'Ada' } })], {
              context: leadContext,
            }),
          ),
      }),
    );
    const { user } = renderWidget();
    const panel = await openChat(user);
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Ada{Enter}');
    expect(await within(panel).findByText('Thanks, Ada! Which e-mail address should we reply to?')).toBeTruthy();
    expect(box.getAttribute('autocomplete')).toBe('email');
    expect(box.getAttribute('placeholder')).toBe('you@example.com');
    expect((box as HTMLInputElement).value).toBe('');
  });
});
