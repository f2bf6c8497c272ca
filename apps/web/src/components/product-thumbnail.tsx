import { useState } from 'react';
import { cn } from '@/lib/cn';

/** A product picture, or the spec's 'AI' placeholder when there is none or it fails to load. */
export function ProductThumbnail({ src, className }: { src: string | null | undefined; className?: string }) {
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
  return <img src={src} alt="" loading="lazy" className={cn(box, 'object-cover')} onError={() => setFailed(src)} />;
}
