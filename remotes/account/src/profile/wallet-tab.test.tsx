import type { ProfileViewer } from '@atrium/graphql-client/account';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { collectToasts, graphqlFetch, renderPage, viewerFixture } from './test-support';
import { WalletTab } from './wallet-tab';

afterEach(cleanup);

const visa = {
  id: '1',
  brand: 'VISA',
  lastFour: '4242',
  expirationMonth: 12,
  expirationYear: 2030,
  isPrimary: true,
};
const mastercard = {
  id: '2',
  brand: 'MASTERCARD',
  lastFour: '4444',
  expirationMonth: 3,
  expirationYear: 2031,
  isPrimary: false,
};
const withCards = (): ProfileViewer =>
  viewerFixture({ primaryInstrumentId: '1', paymentInstruments: [visa, mastercard] });

const sandboxProcessor = { data: { paymentProcessor: { processor: 'SANDBOX', stripePublishableKey: null } } };
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const card = (name: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('the wallet', () => {
  it('lists the cards with brand and last four, the default one marked', () => {
    renderPage(<WalletTab viewer={withCards()} />);

    const first = card('4242');
    expect(first.textContent).toContain('Visa');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^Set as default/ })).toBeNull();
    const second = card('4444');
    expect(second.textContent).toContain('Mastercard');
    expect(second.textContent).toContain('Expires 03/31');
    expect(within(second).queryByText('Default')).toBeNull();
  });

  it("sets a card as default and toasts 'Card set as default successfully'", async () => {
    const api = graphqlFetch({
      UpdatePrimaryPaymentInstrument: () => ({
        data: { updatePrimaryPaymentInstrument: { ...mastercard, isPrimary: true } },
      }),
    });
    const toasts = collectToasts();
    renderPage(<WalletTab viewer={withCards()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Card set as default successfully' }),
    );
    expect(api.of('UpdatePrimaryPaymentInstrument')[0]?.variables).toEqual({ paymentInstrumentId: '2' });
  });

  it("deletes a card only after confirming, and toasts 'Card deleted successfully'", async () => {
    const api = graphqlFetch({
      DeletePaymentInstrument: () => ({ data: { deletePaymentInstrument: true } }),
    });
    const toasts = collectToasts();
    renderPage(<WalletTab viewer={withCards()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Visa ending in 4242' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete card' });
    expect(confirm.textContent).toContain('Delete Visa ending in 4242 from your wallet?');
    expect(api.calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Card deleted successfully' }),
    );
    expect(api.of('DeletePaymentInstrument')[0]?.variables).toEqual({ id: '1' });
  });

  it("toasts the server's reason, else 'Payment instrument addition, deletion or update failed, please try again'", async () => {
    let answer = 0;
    graphqlFetch({
      DeletePaymentInstrument: () =>
        answer++ === 0
          ? { errors: [{ message: 'Payment instrument not found', extensions: { code: 'NOT_FOUND' } }] }
          : { data: null },
    });
    const toasts = collectToasts();
    renderPage(<WalletTab viewer={withCards()} />);

    for (const expected of [
      'Payment instrument not found',
      'Payment instrument addition, deletion or update failed, please try again',
    ]) {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Mastercard ending in 4444' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete card' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: expected }));
    }
  });

  it("adds a card: tokenized, saved with the profile's identity, then 'Card added successfully'", async () => {
    const api = graphqlFetch({
      PaymentProcessor: () => sandboxProcessor,
      SandboxTokenizeCard: () => ({
        data: { sandboxTokenizeCard: { token: 'tok_sandbox_1', brand: 'VISA', lastFour: '4242' } },
      }),
      CreatePaymentInstrument: () => ({ data: { createPaymentInstrument: visa } }),
    });
    const toasts = collectToasts();
    renderPage(<WalletTab viewer={viewerFixture()} />);

    expect(screen.getByText(/No saved cards yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    // The card form is the one of the processor the API names.
    await within(dialog).findByRole('textbox', { name: 'Card number' });
    const fill = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

    // An incomplete card never reaches the processor: the form shows its card message.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Card' }));
    expect(
      await within(dialog).findByText(
        'There was an error processing the card. Please verify all fields are filled out properly.',
      ),
    ).toBeTruthy();
    expect(api.calls.map((call) => call.operationName)).toEqual(['PaymentProcessor']);

    fill('Card number', '4242424242424242');
    fill('Expiry (MM/YY)', '1230');
    fill('CVC', '123');
    fill('Address', '350 5th Ave');
    fill('City', 'New York');
    fill('State', 'NY');
    fill('ZIP code', '10118');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Card' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Card added successfully' }),
    );
    expect(api.of('SandboxTokenizeCard')[0]?.variables).toMatchObject({
      input: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(api.of('CreatePaymentInstrument')[0]?.variables).toEqual({
      input: {
        save: true,
        card: {
          token: 'tok_sandbox_1',
          identity: {
            firstName: 'Ana',
            lastName: 'Lee',
            email: 'ana@example.com',
            phone: '+12125550142',
            postalCode: '10118',
          },
        },
      },
    });
  });

  it("runs the sandbox bank's 3-D Secure challenge when the API asks, then saves the card with the client secret", async () => {
    let saves = 0;
    const api = graphqlFetch({
      PaymentProcessor: () => sandboxProcessor,
      SandboxTokenizeCard: () => ({
        data: { sandboxTokenizeCard: { token: 'tok_sandbox_3155', brand: 'VISA', lastFour: '3155' } },
      }),
      CreatePaymentInstrument: () =>
        saves++ === 0
          ? {
              errors: [
                {
                  message: 'Your bank asks you to authenticate this card.',
                  extensions: {
                    code: 'CARD_AUTHENTICATION_REQUIRED',
                    clientSecret: 'seti_sandbox_1_secret_2',
                  },
                },
              ],
            }
          : { data: { createPaymentInstrument: { ...visa, lastFour: '3155' } } },
      SandboxAuthenticate: () => ({ data: { sandboxAuthenticate: true } }),
    });
    const toasts = collectToasts();
    renderPage(<WalletTab viewer={viewerFixture()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    await fillCard(dialog, '4000002500003155');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Card' }));

    const challenge = await screen.findByRole('alertdialog', { name: '3D Secure authentication' });
    expect(challenge.textContent).toContain("This is the sandbox bank's 3D Secure page");
    fireEvent.click(within(challenge).getByRole('button', { name: 'Complete authentication' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Card added successfully' }),
    );
    expect(api.of('SandboxAuthenticate')[0]?.variables).toEqual({
      clientSecret: 'seti_sandbox_1_secret_2',
      outcome: 'APPROVE',
    });
    expect(
      api
        .of('CreatePaymentInstrument')
        .map((call) => (call.variables as { input: { card: { token: string } } }).input.card.token),
    ).toEqual(['tok_sandbox_3155', 'seti_sandbox_1_secret_2']);
  });

  it('says so in the dialog when the client fails the challenge, keeping the card entered and saving nothing', async () => {
    const api = graphqlFetch({
      PaymentProcessor: () => sandboxProcessor,
      SandboxTokenizeCard: () => ({
        data: { sandboxTokenizeCard: { token: 'tok_sandbox_3155', brand: 'VISA', lastFour: '3155' } },
      }),
      CreatePaymentInstrument: () => ({
        errors: [
          {
            message: 'Your bank asks you to authenticate this card.',
            extensions: { code: 'CARD_AUTHENTICATION_REQUIRED', clientSecret: 'seti_sandbox_1_secret_2' },
          },
        ],
      }),
      SandboxAuthenticate: () => ({ data: { sandboxAuthenticate: true } }),
    });
    renderPage(<WalletTab viewer={viewerFixture()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    await fillCard(dialog, '4000002500003155');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Card' }));

    const challenge = await screen.findByRole('alertdialog', { name: '3D Secure authentication' });
    fireEvent.click(within(challenge).getByRole('button', { name: 'Fail authentication' }));

    expect(await within(dialog).findByText(authenticationFailed)).toBeTruthy();
    expect(api.of('SandboxAuthenticate')[0]?.variables).toMatchObject({ outcome: 'FAIL' });
    expect(api.of('CreatePaymentInstrument')).toHaveLength(1);
    // The Add Card dialog is inert until the challenge above it has finished closing.
    const number = (await within(dialog).findByRole('textbox', { name: 'Card number' })) as HTMLInputElement;
    expect(number.value).toBe('4000 0025 0000 3155');
  });
});

/** Fills the sandbox card form of the Add Card dialog once it has loaded. */
async function fillCard(dialog: HTMLElement, number: string) {
  await within(dialog).findByRole('textbox', { name: 'Card number' });
  const fill = (name: string, value: string) =>
    fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
  fill('Card number', number);
  fill('Expiry (MM/YY)', '1230');
  fill('CVC', '123');
  fill('Address', '350 5th Ave');
  fill('City', 'New York');
  fill('State', 'NY');
  fill('ZIP code', '10118');
}
