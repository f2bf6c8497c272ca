import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { cn } from '@/lib/cn';

/** The main picture and, when there are several, thumbnails that choose it. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0] ?? null;
  return (
    <div>
      <figure>
        <ProductThumbnail src={current} className="aspect-[8/5] w-full text-6xl shadow-sm" priority />
        <figcaption className="sr-only">
          {t('products.detail.imageOf', { title, index: selected + 1, count: images.length || 1 })}
        </figcaption>
      </figure>
      {images.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-3 sm:grid-cols-5" aria-label={t('products.detail.thumbnails')}>
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t('products.detail.showImage', { index: index + 1, count: images.length })}
                aria-current={index === selected ? 'true' : undefined}
                className={cn(
                  'block w-full rounded-xl ring-offset-2 transition focus-visible:outline-2 focus-visible:outline-indigo-600 dark:ring-offset-slate-950',
                  index === selected ? 'ring-2 ring-indigo-600' : 'opacity-70 hover:opacity-100',
                )}
              >
                <ProductThumbnail src={image} className="aspect-[8/5] w-full text-base" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
