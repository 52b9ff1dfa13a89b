// The card form's rules (the sandbox's card entry; Stripe Elements checks its own card fields): the
// card itself, then the billing address, which needs line 1, city, state and a US ZIP (no line 2).
import * as z from 'zod/mini';
import { requiredText } from './field-rules';
import { isCreditCardNumber, isUsZip } from './patterns';

/** An expiry typed MM/YY that is a real month, this one or later. */
export function isCurrentExpiry(text: string, now: Date): boolean {
  const expiry = text.match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!expiry) return false;
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return month >= 1 && month <= 12 && year * 12 + month - 1 >= thisMonth;
}

export const billingAddressFields = {
  addressLine1: requiredText('Address is required'),
  addressCity: requiredText('City is required'),
  addressState: requiredText('State is required'),
  addressPostalCode: z.string().check(z.trim(), z.refine(isUsZip, 'Please enter a valid ZIP code')),
};
export const billingAddressForm = z.object(billingAddressFields);

/** The card and its billing address; `now` is read when checked unless given. */
export const cardEntryForm = (now?: Date) =>
  z.object({
    number: z.string().check(z.refine(isCreditCardNumber, 'Please enter a valid card number')),
    expiry: z
      .string()
      .check(
        z.refine((text) => isCurrentExpiry(text, now ?? new Date()), 'Please enter a valid expiry date'),
      ),
    cvc: z.string().check(z.regex(/^\d{3,4}$/, 'Please enter a valid CVC')),
    ...billingAddressFields,
  });
