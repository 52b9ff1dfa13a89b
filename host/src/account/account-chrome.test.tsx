import { createQueryClient, GraphQLProvider, type Marketplace } from '@atrium/graphql-client';
import { graphqlFetch } from '@atrium/graphql-client/testing';
import { MemoryRouter } from '@atrium/navigation';
import { emit, resetClientValues } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loadExposed = vi.hoisted(() => vi.fn());
const resetRemote = vi.hoisted(() => vi.fn());
vi.mock('../federation/remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../federation/remote-registry')>()),
  loadExposed,
  resetRemote,
}));

const { AccountChrome } = await import('./account-chrome');
const { RemoteUnavailableError } = await import('../federation/remote-registry');
const { MarketplaceContext } = await import('../tenant/marketplace-context');

afterEach(cleanup);
beforeEach(() => {
  resetClientValues();
  loadExposed.mockReset();
  resetRemote.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  graphqlFetch({
    Viewer: () => ({
      errors: [{ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
    }),
  });
});

const marketplace = { id: '1', mgId: '10', name: 'Glow Mobile IV' } as unknown as Marketplace;

/** The account remote's sign-in dialog, as loaded once the remote is back. */
function SignInDialog({ open }: { open: boolean }) {
  return open ? <div role="dialog" aria-label="Sign in" /> : null;
}

/** A load of the remote that settles when the test says. */
function pendingLoad() {
  let settle: { resolve: (value: unknown) => void; reject: (error: Error) => void } | undefined;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  loadExposed.mockReturnValueOnce(promise);
  return settle as NonNullable<typeof settle>;
}

/** The chrome of marketplace 1 with the account remote down: sign-in is asked for and cannot load. */
async function signInWhileRemoteDown() {
  loadExposed.mockRejectedValueOnce(new RemoteUnavailableError('account'));
  render(
    <GraphQLProvider queryClient={createQueryClient()}>
      <AtriumUiProvider>
        <MemoryRouter initialEntries={['/1/services']}>
          <MarketplaceContext.Provider value={marketplace}>
            <AccountChrome />
          </MarketplaceContext.Provider>
        </MemoryRouter>
      </AtriumUiProvider>
    </GraphQLProvider>,
  );
  act(() => emit('sign-in:open', { redirectTo: '/1/profile' }));
  const notice = await screen.findByRole('alertdialog', { name: 'Sign-in unavailable' });
  expect(notice.textContent).toContain('Sign-in could not be loaded. Check your connection and try again.');
  return notice;
}

const tryAgain = () => screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;

describe('sign-in when the account remote cannot be loaded', () => {
  it('Try again loads the remote again, keeping the notice open meanwhile, then opens sign-in', async () => {
    await signInWhileRemoteDown();
    const load = pendingLoad();
    fireEvent.click(tryAgain());

    await waitFor(() => expect(tryAgain().disabled).toBe(true));
    expect(resetRemote).toHaveBeenCalledWith('account');
    expect(loadExposed).toHaveBeenLastCalledWith('account', 'SignInDialog');
    expect(screen.getByRole('alertdialog', { name: 'Sign-in unavailable' })).toBeTruthy();

    loadExposed.mockResolvedValue(SignInDialog);
    await act(async () => load.resolve(SignInDialog));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Sign-in unavailable' })).toBeNull(),
    );
  });

  it('a Try again that fails again leaves the notice open, ready for another try', async () => {
    await signInWhileRemoteDown();
    const load = pendingLoad();
    fireEvent.click(tryAgain());
    await waitFor(() => expect(tryAgain().disabled).toBe(true));

    await act(async () => load.reject(new RemoteUnavailableError('account')));
    await waitFor(() => expect(tryAgain().disabled).toBe(false));
    expect(screen.getByRole('alertdialog', { name: 'Sign-in unavailable' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
  });

  it('closed while Try again is loading, nothing opens when the load ends', async () => {
    await signInWhileRemoteDown();
    const load = pendingLoad();
    fireEvent.click(tryAgain());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Sign-in unavailable' })).toBeNull(),
    );

    loadExposed.mockResolvedValue(SignInDialog);
    await act(async () => load.resolve(SignInDialog));
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
  });
});
