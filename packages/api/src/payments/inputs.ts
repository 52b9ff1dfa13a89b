import { optionalText, profileFields } from '@atrium/domain';
import { z } from 'zod';
import { emailInput } from '../identity';

// The holder's names come from the profile or the checkout personal form: the profile's rules.
const { givenName, familyName } = profileFields();

/** A card the browser tokenized, with its holder as the card form names them. */
export const cardInput = z.object({
  token: z.string().trim().min(1, 'The card token is missing.').max(255, 'The card token is too long.'),
  identity: z.object({
    firstName: givenName,
    lastName: familyName,
    email: emailInput,
    phone: optionalText('Phone', 40),
    postalCode: optionalText('Postal code', 20),
  }),
});
