import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { json, mockApi, publicSettings } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

/** The page's lazy chunk can take a while to arrive on a busy machine. */
const PAGE_LOAD_MS = 15_000;

const TERMS_IDS = [
  'acceptance',
  'service-description',
  'user-accounts',
  'marketplace-rules',
  'payment-terms',
  'intellectual-property',
  'prohibited-uses',
  'dispute-resolution',
  'contact',
];

/** Places each section's top edge (px from the viewport's top), as the browser would after scrolling. */
function layOut(tops: Record<string, number>) {
  for (const [id, top] of Object.entries(tops)) {
    const element = document.getElementById(id) as HTMLElement;
    element.getBoundingClientRect = () => ({ top }) as DOMRect;
  }
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function tocLink(name: RegExp) {
  return within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  // jsdom has no scrollIntoView; one test installs a spy.
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('terms of service', () => {
  it('shows the 9 sections with the dates, the legal figures and the real split of a sale', async () => {
    mockApi({ 'GET /api/v1/settings/public': () => json(200, publicSettings({ platform_fee_percent: 12 })) });
    renderRoute('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '1. Acceptance of Terms',
      '2. Description of Service',
      '3. User Accounts',
      '4. Marketplace Rules',
      '5. Payment Terms',
      '6. Intellectual Property',
      '7. Prohibited Uses',
      '8. Dispute Resolution',
      '9. Contact Information',
    ]);
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(TERMS_IDS.map((id) => `#${id}`));
    expect(screen.getByText('Effective August 8, 2025')).toBeTruthy();
    expect(screen.getByText('Version 1.0')).toBeTruthy();
    expect(screen.getByText('Next policy review: February 8, 2026')).toBeTruthy();

    const text = document.body.textContent ?? '';
    expect(text).toContain('12% is the platform fee, 10% goes to the AI token pool and the remaining 78% is your earnings');
    expect(text).toContain('request a refund within 30 days of purchase');
    expect(text).toContain('within 5–10 business days');
    expect(text).toContain('for 90 days after termination');
    expect(text).toContain('laws of the State of California');
    expect(text).toContain('binding arbitration before one arbitrator');
    expect(text).toContain('within 30 days of creating your account');
    expect(text).toContain('You must be 18 or older');
    expect(text).toContain('aged 13 to 17');
    expect(text).toContain('children under 13 are deleted');
    expect(text).not.toMatch(/\{\{|being prepared/);
  });

  it('states the affiliate program within Marketplace Rules, with the programme defaults as its current figures', async () => {
    mockApi();
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });

    const rules = screen.getByRole('region', { name: '4. Marketplace Rules' });
    const heading = within(rules).getByRole('heading', { level: 3, name: 'Affiliate program' });
    expect(heading.id).toBe('affiliate-program');
    expect(screen.getAllByRole('heading', { level: 3, name: 'Affiliate program' })).toHaveLength(1);
    const text = rules.textContent ?? '';
    expect(text).toContain('Any member with an active account can take part');
    expect(text).toContain('within the attribution window, currently 30 days from the visit');
    expect(text).toContain('the last link they followed counts');
    expect(text).toContain('currently 5% of the amount the buyer actually pays for the order (after any promotional discount)');
    expect(text).toContain('out of our platform fee and never more than that fee');
    expect(text).toContain('no commission on your own purchases, on orders that include a product you sell');
    expect(text).toContain('held for the refund window, currently 30 days. If the order is refunded, the commission is reversed');
    expect(text).toContain('to your payout account once the balance reaches the minimum payout, currently $25.00');
    expect(text).toContain("change the commission rate or the attribution window with at least 30 days' notice");
    expect(text).toContain('Fraud and abuse void commission');
    expect(text).not.toMatch(/\{\{/);
  });

  it("gives the same figures in the reader's language and format (German)", async () => {
    await switchLanguage('de');
    mockApi();
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Nutzungsbedingungen' }, { timeout: PAGE_LOAD_MS });
    const rules = screen.getByRole('region', { name: '4. Regeln des Marktplatzes' });
    expect(within(rules).getByRole('heading', { level: 3, name: 'Partnerprogramm' }).id).toBe('affiliate-program');
    const text = rules.textContent ?? '';
    expect(text).toContain('derzeit 30 Tage ab dem Besuch');
    expect(text).toContain('Provision: derzeit 5 % des Betrags');
    expect(text).toMatch(/Mindestauszahlung von derzeit 25,00\s\$/);
    expect(text).not.toMatch(/\{\{/);
  });

  it('opens at the affiliate part, with Marketplace Rules current, when the address names it', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    mockApi();
    const { router } = renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: PAGE_LOAD_MS });
    await act(() => router.navigate('/terms#affiliate-program'));
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByRole('heading', { level: 3, name: 'Affiliate program' }));
    expect(tocLink(/Marketplace Rules/).getAttribute('aria-current')).toBe('location');
  });

  it('goes nowhere for an address naming no part of the terms', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    mockApi();
    const { router } = renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: PAGE_LOAD_MS });
    await act(() => router.navigate('/terms#no-such-part'));
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('says the split is unknown rather than guessing when the settings can not be read', async () => {
    mockApi({ 'GET /api/v1/settings/public': () => json(503, { detail: 'Down', code: 'SERVICE_UNAVAILABLE' }) });
    renderRoute('/terms');
    expect(await screen.findByText(/current platform fee could not be loaded/, {}, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d+% is the platform fee/);
  });

  it('highlights the section whose top has crossed the line 100 px below the top of the viewport', async () => {
    mockApi();
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });
    layOut(Object.fromEntries(TERMS_IDS.map((id, index) => [id, 300 + index * 800])));
    scrollTo(0);
    expect(tocLink(/Acceptance of Terms/).getAttribute('aria-current')).toBe('location');

    layOut({ acceptance: -900, 'service-description': -400, 'user-accounts': 80, 'marketplace-rules': 101 });
    scrollTo(1200);
    expect(tocLink(/User Accounts/).getAttribute('aria-current')).toBe('location');
    expect(tocLink(/Acceptance of Terms/).getAttribute('aria-current')).toBeNull();

    layOut({ 'user-accounts': -300, 'marketplace-rules': 100 });
    scrollTo(1600);
    expect(tocLink(/Marketplace Rules/).getAttribute('aria-current')).toBe('location');
    expect(tocLink(/User Accounts/).getAttribute('aria-current')).toBeNull();
  });

  it('scrolls to a section from the table of contents and moves focus to its heading', async () => {
    mockApi();
    const { user } = renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;

    await user.click(tocLink(/Payment Terms/));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('payment-terms'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '5. Payment Terms' }));
    expect(tocLink(/Payment Terms/).getAttribute('aria-current')).toBe('location');
    expect(window.location.hash).toBe('#payment-terms');
  });

  it('offers back-to-top only after scrolling past 300 px, and it returns to the top', async () => {
    mockApi();
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: PAGE_LOAD_MS });
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();

    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(301);
    const scrollToTop = vi.spyOn(window, 'scrollTo');
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollToTop).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Terms of Service' }));

    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });
});

describe('privacy policy', () => {
  it('shows the 8 sections, the retention and breach figures, and the contact details from the settings', async () => {
    mockApi({
      'GET /api/v1/settings/public': () =>
        json(200, publicSettings({ contact_email: 'privacy@example.org', contact_address: 'Gulberg III, Lahore' })),
    });
    renderRoute('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    // Once the page's chunk is loaded (an earlier test opened it), the heading can come before the settings.
    await within(screen.getByRole('region', { name: '8. Contact Us' })).findByRole('link', { name: 'privacy@example.org' });
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'On this page',
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Information',
      '4. How We Share Information',
      '5. Data Security',
      '6. Your Privacy Rights',
      '7. Cookies',
      '8. Contact Us',
    ]);
    const text = document.body.textContent ?? '';
    expect(text).toContain('within 72 hours');
    expect(text).toContain('from our active databases within 30 days and from backups within 90 days');
    expect(text).toContain('while your account is active, plus 3 years');
    expect(text).toContain('Transaction records (orders, payments, refunds, seller earnings): 7 years');
    expect(text).toContain('Support messages: 3 years');
    expect(text).toContain('kept indefinitely, but only in anonymised, aggregate form');
    expect(text).toContain('based in Lahore, Pakistan');
    const contact = screen.getByRole('region', { name: '8. Contact Us' });
    expect(within(contact).getByRole('link', { name: 'privacy@example.org' }).getAttribute('href')).toBe(
      'mailto:privacy@example.org',
    );
    expect(
      within(contact)
        .getByRole('link', { name: /contact form/ })
        .getAttribute('href'),
    ).toBe('/contact');
    expect(within(contact).getByText(/Gulberg III, Lahore/)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });
});
