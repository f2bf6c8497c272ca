import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, publicSettings } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

/** The page's lazy chunk can take a while to arrive on a busy machine. */
const PAGE_LOAD_MS = 15_000;

describe('footer', () => {
  it('shows the contact details and social links from the site settings, and no compliance badges', async () => {
    mockApi({
      'GET /api/v1/settings/public': () =>
        json(200, {
          ...publicSettings({
            contact_email: 'help@example.org',
            contact_phone: '+92 42 3577 0000',
            contact_address: 'Gulberg III, Lahore 54660, Pakistan',
            social_github: 'https://github.com/example',
          }),
        }),
    });
    renderRoute('/about');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: PAGE_LOAD_MS });
    expect((await within(footer).findByRole('link', { name: 'help@example.org' })).getAttribute('href')).toBe(
      'mailto:help@example.org',
    );
    expect(within(footer).getByRole('link', { name: '+92 42 3577 0000' }).getAttribute('href')).toBe('tel:+924235770000');
    expect(within(footer).getByText('Gulberg III, Lahore 54660, Pakistan')).toBeTruthy();
    const socials = within(footer).getByRole('list', { name: 'Follow us' });
    expect(
      within(socials)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://github.com/example']);
    expect(footer.textContent).not.toMatch(/SOC 2|GDPR Ready|SSL Secured/);
  });

  it('leaves out contact details and social links that are not set', async () => {
    mockApi();
    renderRoute('/about');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: PAGE_LOAD_MS });
    await within(footer).findByRole('link', { name: 'Terms of Service' });
    expect(within(footer).queryByRole('list', { name: 'Follow us' })).toBeNull();
    expect(footer.querySelector('address')).toBeNull();
  });
});
