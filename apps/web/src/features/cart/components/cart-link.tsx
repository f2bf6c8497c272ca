import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCartBadge } from '../lib/cart-badge';

export function CartLink({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/cart"
      aria-label={t('cart.linkLabel', { count })}
      className={cn(buttonClasses('ghost', 'icon'), 'relative', className)}
    >
      <ShoppingCart className="size-5" aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-violet-600 px-1 text-[10px] font-bold text-white ring-2 ring-white dark:ring-slate-950"
        >
          {formatCartBadge(count)}
        </span>
      )}
    </Link>
  );
}
