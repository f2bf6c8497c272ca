import { describe, expect, it } from 'vitest';
import { pageCount, pagedList, pageOffset } from './paging';

describe('paged lists', () => {
  it('answers the items under their key with total, page and pages', () => {
    expect(pagedList('leads', ['a', 'b'], 12, { page: 2, limit: 5 })).toEqual({
      leads: ['a', 'b'],
      total: 12,
      page: 2,
      pages: 3,
    });
  });

  it('counts no pages for an empty list and a whole page for a partial one', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, limit: 20 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 20 })).toBe(40);
  });
});
