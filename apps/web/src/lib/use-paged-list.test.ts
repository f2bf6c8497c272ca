import { describe, expect, it } from 'vitest';
import { usePagedList } from './use-paged-list';

describe('usePagedList', () => {
  it('reads the items, total and pages of a paged answer', () => {
    const data = { leads: [{ id: 'a' }, { id: 'b' }], total: 12, page: 2, pages: 6 };
    expect(usePagedList({ data }, 'leads')).toEqual({ items: data.leads, total: 12, pages: 6 });
  });

  it('has no items and no pages while the list is loading', () => {
    const loading: { data: { orders: string[]; total: number; page: number; pages: number } | undefined } = { data: undefined };
    expect(usePagedList(loading, 'orders')).toEqual({ items: [], total: 0, pages: 0 });
  });
});
