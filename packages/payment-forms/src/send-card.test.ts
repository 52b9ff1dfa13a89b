import { GraphQLResponseError } from '@atrium/graphql-client';
import { describe, expect, it } from 'vitest';
import { CardAuthenticationFailedError, type CardCollector, type TokenizedCard } from './card-collector';
import { sendCardWithAuthentication } from './send-card';

const card: TokenizedCard = { token: 'tok_sandbox_1', brand: 'VISA', lastFour: '3155', postalCode: '10001' };
const authenticationRequired = new GraphQLResponseError(
  [
    {
      message: 'Your bank asks you to authenticate this card.',
      extensions: { code: 'CARD_AUTHENTICATION_REQUIRED', clientSecret: 'seti_1_secret_2' },
    },
  ],
  null,
  200,
);

function collector(outcome: 'pass' | 'fail', challenged: string[]): CardCollector {
  return {
    tokenize: async () => card,
    authenticate: async (clientSecret) => {
      challenged.push(clientSecret);
      if (outcome === 'fail') throw new CardAuthenticationFailedError();
    },
  };
}

describe('sending a new card', () => {
  it('sends the token once when the bank asks for nothing', async () => {
    const sent: string[] = [];
    const challenged: string[] = [];
    const result = await sendCardWithAuthentication(collector('pass', challenged), card, async (token) => {
      sent.push(token);
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(sent).toEqual(['tok_sandbox_1']);
    expect(challenged).toEqual([]);
  });

  it('runs the challenge for CARD_AUTHENTICATION_REQUIRED, then sends the same request with the client secret', async () => {
    const sent: string[] = [];
    const challenged: string[] = [];
    const result = await sendCardWithAuthentication(collector('pass', challenged), card, async (token) => {
      sent.push(token);
      if (token === card.token) throw authenticationRequired;
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(challenged).toEqual(['seti_1_secret_2']);
    expect(sent).toEqual(['tok_sandbox_1', 'seti_1_secret_2']);
  });

  it('sends nothing more when the challenge fails, and says so', async () => {
    const sent: string[] = [];
    const attempt = sendCardWithAuthentication(collector('fail', []), card, async (token) => {
      sent.push(token);
      throw authenticationRequired;
    });
    await expect(attempt).rejects.toEqual(
      new CardAuthenticationFailedError(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      ),
    );
    expect(sent).toEqual(['tok_sandbox_1']);
  });

  it('passes any other failure on untouched', async () => {
    const declined = new GraphQLResponseError(
      [{ message: 'Your card was declined.', extensions: { code: 'PAYMENT_DECLINED' } }],
      null,
      200,
    );
    await expect(
      sendCardWithAuthentication(collector('pass', []), card, async () => {
        throw declined;
      }),
    ).rejects.toBe(declined);
  });
});
