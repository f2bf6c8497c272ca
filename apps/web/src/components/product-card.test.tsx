import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';
import { ProductCard } from './product-card';

function renderCard(overrides: Parameters<typeof makeProduct>[0] = {}) {
  const product = makeProduct({ id: 'p-1', title: 'Vision Toolkit', ...overrides });
  return renderRoute('/', { routes: [{ path: '/', element: <ProductCard product={product} /> }] });
}

describe('product card', () => {
  it('shows cover, title link, category, seller, rating and price', () => {
    renderCard({ price: 29, rating: 4.5, review_count: 12, category: 'Datasets', seller: 'Sam Seller' });
    expect(screen.getByRole('link', { name: 'Vision Toolkit' }).getAttribute('href')).toBe('/products/p-1');
    expect(screen.getByText('Datasets')).toBeTruthy();
    const seller = screen.getByRole('link', { name: 'Sam Seller' });
    expect(seller.parentElement?.textContent).toBe('by Sam Seller');
    expect(seller.getAttribute('href')).toBe('/sellers/99999999-9999-4999-8999-999999999999/sam-seller');
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 reviews' })).toBeTruthy();
    expect(screen.getByText('$29.00')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/v1/media/product-images/p-1-cover.svg');
  });

  it('puts the product aside to compare, and links to the comparison once two are aside', () => {
    window.localStorage.setItem('compareList', JSON.stringify(['p-0']));
    renderCard();
    const toggle = screen.getByRole('button', { name: 'Compare Vision Toolkit' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe('/compare?ids=p-0,p-1');
    fireEvent.click(toggle);
    expect(screen.queryByRole('link', { name: 'Compare (2)' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('compareList') ?? '[]')).toEqual(['p-0']);
    window.localStorage.clear();
  });

  it('strikes through the original price only when it is higher than the price', () => {
    const { unmount } = renderCard({ price: 29, original_price: 49 });
    const original = screen.getByText('$49.00');
    expect(original.tagName).toBe('DEL');
    expect(original.parentElement?.textContent).toBe('Original price $49.00');
    unmount();

    const same = renderCard({ price: 29, original_price: 29 });
    expect(screen.getAllByText('$29.00')).toHaveLength(1);
    expect(document.querySelector('del')).toBeNull();
    same.unmount();

    renderCard({ price: 29, original_price: null });
    expect(document.querySelector('del')).toBeNull();
  });

  it("says 'Free' for a $0 product and 'Pay what you want, from $X' when the buyer chooses, never striking a price through", () => {
    const free = renderCard({ price: 0 });
    expect(screen.getByText('Free').parentElement?.textContent).toBe('Price Free');
    expect(screen.queryByText('$0.00')).toBeNull();
    free.unmount();

    renderCard({ price: 5, pay_what_you_want: true, suggested_price: 12, original_price: 49 });
    expect(screen.getByText('Pay what you want, from $5.00')).toBeTruthy();
    expect(document.querySelector('del')).toBeNull();
  });

  it("shows the 'AI' placeholder when there is no image", () => {
    renderCard({ images: [], image: null, image_url: null });
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('AI')).toBeTruthy();
  });

  it("falls back to the 'AI' placeholder when the image fails to load", () => {
    renderCard();
    const image = document.querySelector('img') as HTMLImageElement;
    expect(screen.queryByText('AI')).toBeNull();
    fireEvent.error(image);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('AI')).toBeTruthy();
  });

  it('says No reviews instead of a rating for a product without reviews', () => {
    renderCard({ rating: 0, review_count: 0 });
    expect(screen.getByRole('img', { name: 'No reviews yet' })).toBeTruthy();
    expect(screen.getByText('No reviews')).toBeTruthy();
  });
});
