import { z } from 'zod';
import { emailInput } from '../identity';
import { optionalText } from '../kernel/text-input';

/** A card the browser tokenized, with its holder as the card form names them. */
export const cardInput = z.object({
  token: z.string().trim().min(1, 'The card token is missing.').max(255, 'The card token is too long.'),
  identity: z.object({
    firstName: z.string().trim().min(1, 'First Name is required').max(100),
    lastName: z.string().trim().min(1, 'Last Name is required').max(100),
    email: emailInput,
    phone: optionalText('Phone', 40),
    postalCode: optionalText('Postal code', 20),
  }),
});
