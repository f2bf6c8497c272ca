import { addToCartSchema, applyPromoSchema, cartResponseSchema, removePromoQuerySchema, updateCartItemSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, requireSignedIn } from '../auth/guard';
import { addToCart, applyPromo, clearCart, loadCart, presentCart, removeFromCart, removePromo, setCartQuantity } from './service';

const tags: ApiTag[] = ['Cart'];

const productParams = idParams('This product is not in your cart');
const response = { 200: cartResponseSchema };

/** The server-side cart (spec §7 Cart). Signed-out callers get the spec's 'Please log in to …' messages. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      onRequest: requireSignedIn('Please log in to view your cart'),
      schema: { operationId: 'getCart', summary: 'Return the signed-in user’s cart, priced', tags, response },
    },
    async (request) => presentCart(await loadCart(deps.db, currentUser(request).id)),
  );

  app.post(
    '/add',
    {
      onRequest: requireSignedIn('Please log in to add items to cart'),
      schema: {
        operationId: 'addToCart',
        summary: 'Add a product to the cart',
        tags,
        errorCodes: ['ALREADY_OWNED'],
        body: addToCartSchema,
        response,
      },
    },
    async (request) =>
      addToCart(
        deps,
        currentUser(request),
        request.body.product_id,
        request.body.quantity,
        request.body.buy_again,
        request.body.amount,
      ),
  );

  app.put(
    '/items/:id',
    {
      onRequest: requireSignedIn('Please log in to modify cart'),
      schema: {
        operationId: 'setCartQuantity',
        summary: 'Change the quantity of a cart line, or the amount chosen for a pay-what-you-want product',
        tags,
        params: productParams,
        body: updateCartItemSchema,
        response,
      },
    },
    async (request) => setCartQuantity(deps, currentUser(request), request.params.id, request.body.quantity, request.body.amount),
  );

  app.delete(
    '/items/:id',
    {
      onRequest: requireSignedIn('Please log in to modify cart'),
      schema: { operationId: 'removeFromCart', summary: 'Remove a line from the cart', tags, params: productParams, response },
    },
    async (request) => removeFromCart(deps, currentUser(request), request.params.id),
  );

  app.delete(
    '/clear',
    {
      onRequest: requireSignedIn('Please log in to clear cart'),
      schema: { operationId: 'clearCart', summary: 'Empty the cart', tags, response },
    },
    async (request) => {
      const user = currentUser(request);
      await clearCart(deps.db, user.id);
      return presentCart(await loadCart(deps.db, user.id));
    },
  );

  app.post(
    '/promo',
    {
      onRequest: requireSignedIn('Please log in to apply promo codes'),
      schema: {
        operationId: 'applyPromoCode',
        summary: 'Apply a promo code to the cart',
        tags,
        body: applyPromoSchema,
        response,
      },
    },
    async (request) => applyPromo(deps, currentUser(request), request.body.code),
  );

  app.delete(
    '/promo',
    {
      onRequest: requireSignedIn('Please log in to apply promo codes'),
      schema: {
        operationId: 'removePromoCode',
        summary: 'Remove one of the cart’s promo codes (`code`), or all of them',
        tags,
        querystring: removePromoQuerySchema,
        response,
      },
    },
    async (request) => removePromo(deps, currentUser(request), request.query.code),
  );
};
