import { orderSummaryLines } from '@app/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { makeOrder } from '@/test/commerce-fixtures';
import { PriceSummary } from './price-summary';

/** An order that charged tax (decision 0044) shows net, the tax with its label, rate and country, and the gross. */
const taxed = makeOrder({
  subtotal: 40,
  discount: 4,
  promo_code: 'SAVE10',
  total_amount: 42.84,
  net_amount: 36,
  tax: { country: 'DE', region: null, rate: 19, rate_bps: 1900, label: 'VAT', amount: 6.84 },
});

const rows = () => screen.getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

describe('price summary with tax', () => {
  it('shows the order’s net, tax and gross as it charged them', () => {
    render(<PriceSummary lines={orderSummaryLines(taxed)} />);
    expect(rows()).toEqual(['Subtotal $40.00', 'Discount (SAVE10) −$4.00', 'Net $36.00', 'VAT 19% (DE) $6.84', 'Total $42.84']);
  });

  it('names the rows in the reader’s language', async () => {
    await switchLanguage('de');
    const tax = { country: 'DE', region: null, rate: 19, rate_bps: 1900, label: null, amount: 6.84 };
    render(<PriceSummary lines={orderSummaryLines({ ...taxed, tax })} />);
    const [, , net, taxRow] = rows();
    expect(net).toMatch(/^Netto /);
    expect(taxRow).toMatch(/^Steuer 19\s%/);
  });
});
