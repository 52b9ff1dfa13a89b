import { cardAuthenticationSecret } from '@atrium/graphql-client/checkout';
import type { CardCollector, TokenizedCard } from './card-collector';

/**
 * Sends a new card the one way checkout and the wallet both use: `send` with the card's token; when
 * the API answers CARD_AUTHENTICATION_REQUIRED (the card's bank asks for 3-D Secure), the card form
 * runs the challenge with the client secret it gave, and the same request goes again with that client
 * secret in place of the token. A failed challenge throws the form's message; nothing was saved.
 */
export async function sendCardWithAuthentication<T>(
  collector: CardCollector,
  card: TokenizedCard,
  send: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await send(card.token);
  } catch (error) {
    const clientSecret = cardAuthenticationSecret(error);
    if (!clientSecret) throw error;
    await collector.authenticate(clientSecret);
    return send(clientSecret);
  }
}
