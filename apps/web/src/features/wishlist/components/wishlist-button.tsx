import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { pathOf } from '@/lib/redirect';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

export interface WishlistButtonProps {
  productId: string;
  /** With the action as visible text beside the heart (else the heart alone, named by aria-label). */
  showLabel?: boolean;
  className?: string;
}

/** Saves or unsaves a product. Visitors are sent to sign in and come back to this page. */
export function WishlistButton({ productId, showLabel = false, className }: WishlistButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const wishlist = useWishlist();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const saved = wishlist.data?.items.some((item) => item.id === productId) ?? false;
  const busy = add.isPending || remove.isPending;
  const label = saved ? t('wishlist.remove') : t('wishlist.add');

  const onClick = () => {
    if (auth.status !== 'authenticated') {
      notify.info(t('wishlist.signInToSave'));
      void navigate('/login', { state: { from: pathOf(location) } });
      return;
    }
    const onError = (error: unknown) => notify.error(translateMessage(errorMessage(error, t('common.operationFailed'))));
    if (saved) {
      remove.mutate(productId, { onSuccess: () => notify.success(t('wishlist.removed')), onError });
    } else {
      add.mutate(productId, { onSuccess: () => notify.success(t('wishlist.added')), onError });
    }
  };

  return (
    <Button
      variant="outline"
      size={showLabel ? 'lg' : 'icon'}
      className={cn(saved && 'border-rose-300 text-rose-600 dark:border-rose-800 dark:text-rose-400', className)}
      aria-label={showLabel ? undefined : label}
      loading={busy}
      disabled={auth.status === 'loading' || (auth.status === 'authenticated' && wishlist.isPending)}
      onClick={onClick}
    >
      {!busy && <Heart className={cn('size-5', saved && 'fill-current')} aria-hidden />}
      {showLabel && <span>{label}</span>}
    </Button>
  );
}
