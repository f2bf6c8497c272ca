import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { InLibrary } from '@/components/in-library';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { useAddToCart } from '@/lib/cart/add-to-cart';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useOwnedProducts } from '@/lib/owned-products';
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
  /** Pay what you want: the amount the buyer chose per unit (the server checks it against the minimum); null while the field is invalid. */
  amount?: number | null;
}

/**
 * Adds a product to the signed-in user's cart. It needs an id, a title and a price (spec §5 asks
 * for a price above 0; a free product costs $0, docs/decisions/0042). A visitor is told to sign in and sent to /login, coming back here afterwards. A product
 * the buyer already owns shows "In your library" with its download, and adding it asks first:
 * only an explicit "Buy again" puts it in the cart (the server refuses it otherwise).
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
  amount,
}: AddToCartButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddToCart();
  // Until the session is restored we cannot tell a visitor from a signed-in user.
  const checking = useAuth().status === 'loading';
  const owned = useOwnedProducts().has(productId ?? '');
  const [confirming, setConfirming] = useState(false);

  const addToCart = (buyAgain: boolean) =>
    add.mutate(
      {
        product_id: productId as string,
        quantity,
        ...(buyAgain ? { buy_again: true } : {}),
        ...(typeof amount === 'number' ? { amount } : {}),
      },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(t('cart.added'), title ?? undefined);
        },
        onError: (error) => {
          // Bought meanwhile (another tab, an order just paid): ask, as for a product known to be owned.
          if (!buyAgain && error instanceof ApiError && error.code === 'ALREADY_OWNED') {
            setConfirming(true);
            return;
          }
          setConfirming(false);
          notify.error(translateMessage(errorMessage(error, t('common.operationFailed'))));
        },
      },
    );

  const onClick = () => {
    if (!productId?.trim() || !title?.trim() || typeof price !== 'number' || !(price >= 0)) {
      notify.error(t('cart.errors.invalidProduct'));
      return;
    }
    if (authStore.getState().status !== 'authenticated') {
      notify.error(t('cart.errors.loginToAdd'));
      void navigate('/login', { state: { from: pathOf(location) } });
      return;
    }
    if (owned) setConfirming(true);
    else addToCart(false);
  };

  return (
    <>
      {owned && productId && <InLibrary productId={productId} title={title ?? ''} />}
      <Button
        variant={variant}
        size={size}
        className={className}
        loading={add.isPending}
        disabled={checking || amount === null}
        onClick={onClick}
        aria-label={ariaLabel}
      >
        {!add.isPending && <ShoppingCart className="size-4" aria-hidden />}
        {label ?? t('cart.add')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('library.confirmTitle', { title: title ?? '' })}
        description={t('library.confirmText')}
        confirmLabel={t('library.buyAgain')}
        tone="primary"
        busy={add.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => addToCart(true)}
      />
    </>
  );
}
