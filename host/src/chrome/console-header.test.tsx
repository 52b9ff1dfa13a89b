import {
  configureGraphQLClient,
  createQueryClient,
  GraphQLProvider,
  type Marketplace,
} from '@atrium/graphql-client';
import { MemoryRouter } from '@atrium/navigation';
import { $user, on, type Toast } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConsoleHeader from './console-header';

// The logout itself (ending the session, clearing local data) is @atrium/graphql-client's, tested there.
const logout = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@atrium/graphql-client/identity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@atrium/graphql-client/identity')>()),
  useLogout: () => ({ mutateAsync: logout, isPending: false }),
}));

afterEach(() => {
  cleanup();
  // Only a stored user is cleared: the host's test storage refuses to delete a key it lacks.
  if ($user.get()) $user.set(null);
});

const marketplace = { id: '1', name: 'Glow Mobile IV', logo: null } as unknown as Marketplace;

/** Answers the header's GraphQL calls by operation name. */
function answer(handlers: Record<string, () => unknown>) {
  configureGraphQLClient({
    fetch: (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const { operationName } = JSON.parse(String(init.body)) as { operationName: string };
      const handler = handlers[operationName];
      if (!handler) throw new Error(`No answer for ${operationName}`);
      return new Response(JSON.stringify(handler()), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
}

function show() {
  render(
    <GraphQLProvider queryClient={createQueryClient()}>
      <AtriumUiProvider>
        <MemoryRouter initialEntries={['/1/console/requests']}>
          <ConsoleHeader marketplace={marketplace} />
        </MemoryRouter>
      </AtriumUiProvider>
    </GraphQLProvider>,
  );
  return screen.getByRole('banner');
}

const signIn = () =>
  $user.set({
    id: '7',
    email: 'frontdesk@glow.example',
    givenName: 'Felix',
    familyName: 'Moreno',
    emailConfirmed: true,
    phoneConfirmed: true,
  });

describe('the console header', () => {
  it('names the marketplace, the console and the staff member with their role, with no cart', async () => {
    signIn();
    answer({
      StaffViewer: () => ({
        data: {
          staffViewer: {
            role: 'FRONT_DESK',
            name: 'Felix Moreno',
            email: 'frontdesk@glow.example',
            marketplace: { id: '1', name: 'Glow Mobile IV' },
            practitioner: null,
          },
        },
      }),
    });
    const header = show();
    expect(within(header).getByRole('link', { name: 'Glow Mobile IV' }).getAttribute('href')).toBe(
      '/1/console',
    );
    expect(within(header).getByText('Console')).toBeTruthy();
    expect(await within(header).findByText('Felix Moreno')).toBeTruthy();
    expect(within(header).getByText('Front desk')).toBeTruthy();
    expect(within(header).queryByRole('button', { name: /^Cart/ })).toBeNull();
  });

  it('signs out and says so', async () => {
    signIn();
    const toasts: Toast[] = [];
    on('toast', (toast) => void toasts.push(toast));
    answer({ StaffViewer: () => ({ data: { staffViewer: null } }) });
    const header = show();
    fireEvent.click(within(header).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Logged out successfully' }]));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('offers no sign-out to a signed-out browser', () => {
    answer({});
    const header = show();
    expect(within(header).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
