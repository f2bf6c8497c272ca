/** URL slugs, without zod: the storefront's first page links seller pages with them. */

/** A seller's name as a URL segment: lower case ASCII words joined by dashes. */
export function sellerSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'seller';
}
