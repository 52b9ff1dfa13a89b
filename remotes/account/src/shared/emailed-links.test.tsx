import { createQueryClient, marketplaceQueryOptions } from '@atrium/graphql-client';
import { $marketplaceId, $mgId, on, resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmEmailPage } from '../confirmation/confirm-email-page';
import { ResetPasswordPage } from '../password-reset/reset-password-page';
import { collectToasts, graphqlFetch, marketplaceFixture, renderPage, signIn } from '../profile/test-support';

// Emailed links name their marketplace (or, for a reset asked without one, its group), so they
// work in a browser that never stored one: another browser, a phone.

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

/** A query client that knows marketplace 3, of group 30. */
function knowingMarketplace3() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    marketplaceQueryOptions('3').queryKey,
    marketplaceFixture({ id: '3', mgId: '30' }),
  );
  return queryClient;
}

const confirmed = () => ({ data: { confirmEmail: { emailConfirmed: true } } });

describe('/confirm-email', () => {
  it("confirms for the link's marketplace in a fresh browser and lands on that marketplace", async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({ ConfirmEmail: confirmed });
    const page = renderPage(<ConfirmEmailPage />, knowingMarketplace3(), {
      route: '/confirm-email',
      url: '/confirm-email?token=tok-1&marketplace=3',
    });
    await waitFor(() => expect(page.path()).toBe('/3'));
    expect(api.of('ConfirmEmail').map((call) => call.variables)).toEqual([
      { marketplaceId: '3', token: 'tok-1' },
    ]);
    expect(toasts).toContainEqual(
      expect.objectContaining({ type: 'success', message: 'Email confirmed successfully!' }),
    );
  });

  it('takes a client signed in here to their profile', async () => {
    signIn();
    graphqlFetch({ ConfirmEmail: confirmed });
    const page = renderPage(<ConfirmEmailPage />, knowingMarketplace3(), {
      route: '/confirm-email',
      url: '/confirm-email?token=tok-2&marketplace=3',
    });
    await waitFor(() => expect(page.path()).toBe('/3/profile'));
  });

  it('still opens a link that names no marketplace with the stored one', async () => {
    $marketplaceId.set('1');
    const api = graphqlFetch({ ConfirmEmail: confirmed });
    const page = renderPage(<ConfirmEmailPage />, createQueryClient(), {
      route: '/confirm-email',
      url: '/confirm-email?token=tok-3',
    });
    await waitFor(() => expect(page.path()).toBe('/1'));
    expect(api.of('ConfirmEmail')[0]?.variables).toEqual({ marketplaceId: '1', token: 'tok-3' });
  });
});

describe('/reset-password', () => {
  const reset = async (url: string, queryClient = createQueryClient()) => {
    const api = graphqlFetch({
      PasswordResetLinkUsable: () => ({ data: { passwordResetLinkUsable: true } }),
      ResetPasswordByToken: () => ({ data: { resetPasswordByToken: true } }),
    });
    const toasts: string[] = [];
    on('toast', ({ message }) => void toasts.push(message));
    const page = renderPage(<ResetPasswordPage />, queryClient, { route: '/reset-password', url });
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'second-pass-2' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'second-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(toasts).toContain('Password reset successfully'));
    await waitFor(() => expect(page.path()).toBe('/'));
    return api.of('ResetPasswordByToken').map((call) => call.variables.mgId);
  };

  it("resets for the group of the link's marketplace in a fresh browser", async () => {
    expect(await reset('/reset-password?token=tok-4&marketplace=3', knowingMarketplace3())).toEqual(['30']);
  });

  it('resets for the group a link names when it was asked without a marketplace', async () => {
    $marketplaceId.set('1');
    $mgId.set('10');
    expect(await reset('/reset-password?token=tok-5&mg=2')).toEqual(['2']);
  });

  it('says a used or expired link is dead before anything is typed, and emails a new one', async () => {
    const api = graphqlFetch({
      PasswordResetLinkUsable: () => ({ data: { passwordResetLinkUsable: false } }),
      RequestResetPassword: () => ({ data: { requestResetPassword: true } }),
    });
    renderPage(<ResetPasswordPage />, createQueryClient(), {
      route: '/reset-password',
      url: '/reset-password?token=bogus&mg=2',
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This password reset link has expired or has already been used.',
    );
    expect(screen.queryByLabelText('New Password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pia@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(
      await screen.findByText(
        'If pia@example.com has an account, a link to reset its password is on its way.',
      ),
    ).toBeTruthy();
    expect(api.of('RequestResetPassword')[0]?.variables).toMatchObject({
      email: 'pia@example.com',
      mgId: '2',
    });
  });

  it('still resets a link that names neither with the stored group', async () => {
    $marketplaceId.set('1');
    $mgId.set('10');
    expect(await reset('/reset-password?token=tok-6')).toEqual(['10']);
  });
});
