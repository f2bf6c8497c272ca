import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { DataTable, SortableTh, Td, Th, useSortedRows } from './data-table';

interface Payout {
  id: string;
  seller: string;
  amount: number;
  paid: string | null;
}

const PAYOUTS: Payout[] = [
  { id: '1', seller: 'beta tools', amount: 120, paid: '2026-03-02' },
  { id: '2', seller: 'Alpha Labs', amount: 9.5, paid: null },
  { id: '3', seller: 'gamma', amount: 1000, paid: '2026-01-15' },
];

const SORT_BY = {
  seller: (payout: Payout) => payout.seller,
  amount: (payout: Payout) => payout.amount,
  paid: (payout: Payout) => payout.paid,
};

function PayoutsTable({ rows = PAYOUTS }: { rows?: Payout[] }) {
  const sorted = useSortedRows(rows, SORT_BY, { key: 'amount', direction: 'descending' });
  return (
    <DataTable label="Payouts" minWidth="30rem">
      <thead>
        <tr>
          <SortableTh column="seller" sort={sorted.sort} onSort={sorted.toggle}>
            Seller
          </SortableTh>
          <SortableTh column="amount" sort={sorted.sort} onSort={sorted.toggle}>
            Amount
          </SortableTh>
          <SortableTh column="paid" sort={sorted.sort} onSort={sorted.toggle}>
            Paid on
          </SortableTh>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {sorted.rows.map((payout) => (
          <tr key={payout.id}>
            <Td>{payout.seller}</Td>
            <Td>{payout.amount}</Td>
            <Td>{payout.paid ?? '—'}</Td>
            <Td>
              <button type="button">Open</button>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const sellers = () =>
  within(screen.getByRole('table', { name: 'Payouts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable', () => {
  it('is a table named by its caption, in a box that scrolls sideways and takes keyboard focus', () => {
    render(<PayoutsTable />);
    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(table.querySelector('caption')?.textContent).toBe('Payouts');
    expect(table.style.getPropertyValue('--table-min-width')).toBe('30rem');
    // Each cell carries its column's name, shown above it when the rows are stacked on a phone.
    expect(within(table).getAllByRole('cell')[0]?.getAttribute('data-label')).toBe('Seller');
    const box = screen.getByRole('group', { name: 'Payouts' });
    expect(box.contains(table)).toBe(true);
    expect(box.className).toContain('overflow-x-auto');
    expect(box.tabIndex).toBe(0);
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    expect(header('Actions').getAttribute('scope')).toBe('col');
  });

  it('sorts by the chosen column with aria-sort on its header only, and reverses on a second press', async () => {
    const user = userEvent.setup();
    render(<PayoutsTable />);
    expect(sellers()).toEqual(['gamma', 'beta tools', 'Alpha Labs']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(header('Seller').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Seller' }));
    // Letters compare without regard to case.
    expect(sellers()).toEqual(['Alpha Labs', 'beta tools', 'gamma']);
    expect(header('Seller').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Amount').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Seller' }));
    expect(sellers()).toEqual(['gamma', 'beta tools', 'Alpha Labs']);
    expect(header('Seller').getAttribute('aria-sort')).toBe('descending');

    // Missing values (not paid yet) come last when sorting by date; the keyboard works too.
    screen.getByRole('button', { name: 'Paid on' }).focus();
    await user.keyboard('{Enter}');
    expect(sellers()).toEqual(['gamma', 'beta tools', 'Alpha Labs']);
    expect(header('Paid on').getAttribute('aria-sort')).toBe('ascending');
  });

  it('shows the loading, error and empty states in place of the table', () => {
    const { rerender } = render(
      <DataTable label="Orders" loading>
        <tbody />
      </DataTable>,
    );
    expect(screen.getByRole('status', { name: 'Loading Orders…' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <DataTable label="Orders" error="Orders could not be loaded">
        <tbody />
      </DataTable>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Orders could not be loaded');
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <DataTable label="Orders" empty="No orders yet">
        <tbody />
      </DataTable>,
    );
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('dims the rows of the previous answer and marks them busy while the next one loads', () => {
    const { rerender } = render(
      <DataTable label="Products" stale>
        <tbody>
          <tr>
            <Td>Old row</Td>
          </tr>
        </tbody>
      </DataTable>,
    );
    const box = screen.getByRole('group', { name: 'Products' });
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.className).toContain('opacity-60');
    rerender(
      <DataTable label="Products">
        <tbody>
          <tr>
            <Td>New row</Td>
          </tr>
        </tbody>
      </DataTable>,
    );
    expect(screen.getByRole('group', { name: 'Products' }).hasAttribute('aria-busy')).toBe(false);
  });
});
