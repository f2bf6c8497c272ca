import { cardPaymentSchema } from '@app/shared';
import { z } from 'zod';

/** The checkout card form: the shared card schema, with 'required' messages and an expiry check before any call. */
const required = (message: string) => z.string().trim().min(1, message);
/** The shared number fields coerce from anything; a text input gives them a non-empty string. */
const requiredNumber = (message: string) => required(message).transform((value): unknown => value);

export const cardFormSchema = z
  .object({
    card_number: required('Card number is required').pipe(cardPaymentSchema.shape.card_number),
    exp_month: requiredNumber('Expiry month is required').pipe(cardPaymentSchema.shape.exp_month),
    exp_year: requiredNumber('Expiry year is required').pipe(cardPaymentSchema.shape.exp_year),
    cvc: required('CVC is required').pipe(cardPaymentSchema.shape.cvc),
  })
  .refine(({ exp_month, exp_year }) => new Date(exp_year, exp_month, 1) > new Date(), {
    path: ['exp_year'],
    message: 'Your card has expired.',
  });

export type CardFormInput = z.input<typeof cardFormSchema>;
export type CardFormOutput = z.output<typeof cardFormSchema>;

export const CARD_FIELDS = ['card_number', 'exp_month', 'exp_year', 'cvc'] as const;

/** '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}
