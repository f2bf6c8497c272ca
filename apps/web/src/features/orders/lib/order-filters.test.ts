import { describe, expect, it } from 'vitest';
import { orderListQuery } from '../api/get-orders';
import { readOrderFilters, writeOrderFilters } from './order-filters';

describe('order filters in the URL', () => {
  it('keeps only known statuses, real days and pages above 1', () => {
    expect(readOrderFilters(new URLSearchParams('status=completed&from=2026-05-01&to=2026-05-31&page=3'))).toEqual({
      status: 'completed',
      from: '2026-05-01',
      to: '2026-05-31',
      page: 3,
    });
    expect(readOrderFilters(new URLSearchParams('status=shipped&from=yesterday&page=-2'))).toEqual({
      status: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });

  it('writes only what is set', () => {
    expect(writeOrderFilters({ page: 1 }).toString()).toBe('');
    expect(writeOrderFilters({ status: 'pending', page: 2 }).toString()).toBe('status=pending&page=2');
  });

  it('asks the server with its own parameter names', () => {
    const query = new URLSearchParams(orderListQuery({ page: 2, limit: 10, status: 'completed' }));
    expect(Object.fromEntries(query)).toEqual({ page: '2', limit: '10', status_filter: 'completed' });
  });
});
