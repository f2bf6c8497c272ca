import { describe, expect, it } from 'vitest';
import { productFormData } from './product-form-data';

describe('productFormData (spec §5 Product form)', () => {
  it('sends scalars as text, non-empty arrays as JSON, and skips nulls and things that are not files', () => {
    const image = new File(['png'], 'a.png', { type: 'image/png' });
    const nameless = new File(['x'], '', { type: 'image/png' });
    const form = productFormData(
      { title: 'Kit', price: 12.5, featured: false, tags: ['a', 'b'], empty: [], original_price: undefined, note: null },
      { images: [image, nameless, 'not a file' as unknown as File], demoVideo: null, files: [] },
    );
    expect(form.get('title')).toBe('Kit');
    expect(form.get('price')).toBe('12.5');
    expect(form.get('featured')).toBe('false');
    expect(form.get('tags')).toBe('["a","b"]');
    expect(form.has('empty')).toBe(false);
    expect(form.has('original_price')).toBe(false);
    expect(form.has('note')).toBe(false);
    expect(form.getAll('images')).toHaveLength(1);
    expect(form.has('demo_video')).toBe(false);
    expect(form.has('files')).toBe(false);
  });
});
