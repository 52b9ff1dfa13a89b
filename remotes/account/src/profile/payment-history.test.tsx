import { createQueryClient } from '@atrium/graphql-client';
import type { ProfilePayment } from '@atrium/graphql-client/account';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PAYMENTS, PAYMENTS_LOAD_FAILED, PaymentHistory } from './payment-history';
import { graphqlFetch, renderPage } from './test-support';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const deposit: ProfilePayment = {
  id: 'appointment_payment-12',
  kind: 'CHARGE',
  date: '2030-03-01T15:00:00Z',
  amount: 4480,
  refunded: 1000,
  status: 'PARTLY_REFUNDED',
  card: { brand: 'VISA', lastFour: '4242' },
  description: "Deposit for Myers' Cocktail on Tue, Mar 5 at 10:00 AM EST",
};
const refund: ProfilePayment = {
  id: 'appointment_refund-3',
  kind: 'REFUND',
  date: '2030-03-02T15:00:00Z',
  amount: 1000,
  refunded: 0,
  status: 'REFUNDED',
  card: { brand: 'VISA', lastFour: '4242' },
  description: "Deposit for Myers' Cocktail on Tue, Mar 5 at 10:00 AM EST",
};
const refused: ProfilePayment = {
  id: 'package_purchase-4',
  kind: 'CHARGE',
  date: '2030-02-20T15:00:00Z',
  amount: 8000,
  refunded: 0,
  status: 'FAILED',
  card: { brand: 'MASTERCARD', lastFour: '4444' },
  description: 'Package: Shot Pair',
};

const page = (payments: ProfilePayment[], endCursor: string | null = null) => ({
  data: { profilePayments: { payments, endCursor, hasNextPage: endCursor !== null } },
});

const history = () => screen.findByRole('region', { name: 'Payment history' });
const rows = async () =>
  within(await screen.findByRole('list', { name: 'Payment history' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('the payment history', () => {
  it('says it is loading, then lists each payment with its date, amount, card, what for and status', async () => {
    graphqlFetch({ ProfilePayments: () => page([refund, deposit]) });
    renderPage(<PaymentHistory marketplaceId="1" />, createQueryClient());
    expect(screen.getByRole('status', { name: 'Loading your payments' })).toBeTruthy();
    expect(await rows()).toEqual([
      "Refund of $10.00Deposit for Myers' Cocktail on Tue, Mar 5 at 10:00 AM EST" +
        'Mar 2, 2030 · Visa ending in 4242Refunded',
      "Payment of $44.80Deposit for Myers' Cocktail on Tue, Mar 5 at 10:00 AM EST" +
        'Mar 1, 2030 · Visa ending in 4242$10.00 refundedPartly refunded',
    ]);
    expect(screen.queryByRole('status', { name: 'Loading your payments' })).toBeNull();
  });

  it(`says '${NO_PAYMENTS}' when there are none`, async () => {
    graphqlFetch({ ProfilePayments: () => page([]) });
    renderPage(<PaymentHistory marketplaceId="1" />, createQueryClient());
    expect(await within(await history()).findByText(NO_PAYMENTS)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Payment history' })).toBeNull();
  });

  it('says a failed load in place, with Try again that loads it once the API answers', async () => {
    let failing = true;
    const api = graphqlFetch({
      ProfilePayments: () =>
        failing
          ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }
          : page([deposit]),
    });
    renderPage(<PaymentHistory marketplaceId="1" />, createQueryClient());
    const alert = await within(await history()).findByRole('alert');
    expect(alert.textContent).toContain(PAYMENTS_LOAD_FAILED);
    expect(alert.textContent).not.toContain('boom');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.of('ProfilePayments')).toHaveLength(2);
  });

  it('shows older payments a page at a time, asking after the last page’s cursor', async () => {
    const api = graphqlFetch({
      ProfilePayments: (variables) =>
        variables.after === 'cursor-1' ? page([refused]) : page([refund, deposit], 'cursor-1'),
    });
    renderPage(<PaymentHistory marketplaceId="1" />, createQueryClient());
    expect(await rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show older payments' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect((await rows())[2]).toBe(
      'Payment of $80.00Package: Shot PairFeb 20, 2030 · Mastercard ending in 4444Failed',
    );
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
    expect(api.of('ProfilePayments').map((call) => call.variables)).toEqual([
      { marketplaceId: '1', first: 10, after: null },
      { marketplaceId: '1', first: 10, after: 'cursor-1' },
    ]);
  });
});
