import { useState } from 'react';
import { categoryName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';

/**
 * A product picture, or the spec's 'AI' placeholder when there is none or it fails to load.
 * `priority`: the page's likely largest picture (its first card), fetched at once and first.
 */
export function ProductThumbnail({
  src,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800', className);
  if (!src || failed === src) {
    return (
      <div
        aria-hidden
        className={cn(
          box,
          'flex items-center justify-center bg-gradient-to-br from-indigo-500 to-violet-600 font-bold text-white',
        )}
      >
        AI
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={cn(box, 'object-cover')}
      onError={() => setFailed(src)}
    />
  );
}

/** Picture, title and a second line (the category unless given), as product tables show them. */
export function ProductIdentity({
  product,
  detail,
}: {
  product: { image: string | null; title: string; category: string };
  detail?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <ProductThumbnail src={product.image} className="size-11 text-xs" />
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{product.title}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{detail ?? categoryName(product.category)}</p>
      </div>
    </div>
  );
}
