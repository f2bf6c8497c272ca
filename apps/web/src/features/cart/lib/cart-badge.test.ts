import { describe, expect, it } from 'vitest';
import { formatCartBadge } from './cart-badge';

describe('cart badge', () => {
  it('shows the count up to 99 and 99+ above', () => {
    expect(formatCartBadge(0)).toBe('0');
    expect(formatCartBadge(7)).toBe('7');
    expect(formatCartBadge(99)).toBe('99');
    expect(formatCartBadge(100)).toBe('99+');
    expect(formatCartBadge(12_345)).toBe('99+');
  });
});
