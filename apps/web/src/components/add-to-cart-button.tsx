import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { useAddToCart } from '@/lib/cart/add-to-cart';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { pathOf } from '@/lib/redirect';

export interface AddToCartButtonProps {
  productId: string | null | undefined;
  title: string | null | undefined;
  price: number | null | undefined;
  quantity?: number;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Visible text; defaults to 'Add to cart'. */
  label?: string;
  /** A name naming the product, where several such buttons share a page (product cards). */
  ariaLabel?: string;
}

/**
 * Adds a product to the signed-in user's cart. Spec §5: it needs an id, a title and a price
 * above 0. A visitor is told to sign in and sent to /login, coming back here afterwards.
 */
export function AddToCartButton({
  productId,
  title,
  price,
  quantity = 1,
  variant = 'primary',
  size = 'md',
  className,
  label,
  ariaLabel,
}: AddToCartButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddToCart();
  // Until the session is restored we cannot tell a visitor from a signed-in user.
  const checking = useAuth().status === 'loading';

  const onClick = () => {
    if (!productId?.trim() || !title?.trim() || typeof price !== 'number' || !(price > 0)) {
      notify.error(t('cart.errors.invalidProduct'));
      return;
    }
    if (authStore.getState().status !== 'authenticated') {
      notify.error(t('cart.errors.loginToAdd'));
      void navigate('/login', { state: { from: pathOf(location) } });
      return;
    }
    add.mutate(
      { product_id: productId, quantity },
      {
        onSuccess: () => notify.success(t('cart.added'), title),
        onError: (error) => notify.error(translateMessage(errorMessage(error, t('common.operationFailed')))),
      },
    );
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      loading={add.isPending}
      disabled={checking}
      onClick={onClick}
      aria-label={ariaLabel}
    >
      {!add.isPending && <ShoppingCart className="size-4" aria-hidden />}
      {label ?? t('cart.add')}
    </Button>
  );
}
