import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, publicSettings } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

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

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
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

  it('says the split is unknown rather than guessing when the settings can not be read', async () => {
    mockApi({ 'GET /api/v1/settings/public': () => json(503, { detail: 'Down', code: 'SERVICE_UNAVAILABLE' }) });
    renderRoute('/terms');
    expect(await screen.findByText(/current platform fee could not be loaded/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d+% is the platform fee/);
  });

  it('highlights the section whose top has crossed the line 100 px below the top of the viewport', async () => {
    mockApi();
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
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
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
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
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
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
