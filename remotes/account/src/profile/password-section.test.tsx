import { configureGraphQLClient } from '@atrium/graphql-client';
import { $passCodeToken, resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PasswordSection } from './password-section';
import { collectToasts, graphqlFetch, renderPage, viewerFixture } from './test-support';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const strong = 'Saffron-Meadow-Quill-29';
const badInput = (message: string, code = 'BAD_USER_INPUT') => ({
  errors: [{ message, extensions: { code } }],
});
const answered = (name: 'setPassword' | 'changePassword') => () => ({
  data: { [name]: { id: '7', hasPassword: true } },
});

function renderSection(hasPassword: boolean) {
  return renderPage(<PasswordSection viewer={viewerFixture({ hasPassword })} marketplaceId="1" mgId="10" />);
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const field = (root: HTMLElement, label: string) => within(root).getByLabelText(label) as HTMLInputElement;
const type = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(root, label), { target: { value } });

describe('the Password section of the Profile tab', () => {
  it("offers 'Set a password' to a client without one, and 'Change password' to one with one", () => {
    renderSection(false);
    const section = screen.getByRole('region', { name: 'Password' });
    expect(within(section).getByRole('button', { name: 'Set a password' })).toBeTruthy();
    expect(section.textContent).toContain('You have no password yet.');
    cleanup();

    renderSection(true);
    const withOne = screen.getByRole('region', { name: 'Password' });
    expect(within(withOne).getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(within(withOne).queryByRole('button', { name: 'Set a password' })).toBeNull();
  });
});

describe('Set a password', () => {
  const open = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set a password' }));
    return dialog('Set a password');
  };

  it('says what is wrong with each field, with the reset form’s words, and sends nothing', async () => {
    const api = graphqlFetch({});
    renderSection(false);
    const form = await open();

    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await within(form).findByText('Password is required')).toBeTruthy();
    expect(within(form).getByText('Confirm Password is required')).toBeTruthy();

    type(form, 'New Password', 'seven77');
    type(form, 'Confirm Password', 'seven77');
    expect(within(form).getByText('Password must be at least 8 characters.')).toBeTruthy();

    type(form, 'New Password', strong);
    type(form, 'Confirm Password', `${strong}!`);
    expect(within(form).getByText('Passwords do not match')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(api.calls).toEqual([]);
  });

  it("sets it, showing that it is sending, then toasts 'Password set successfully' and closes", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = graphqlFetch({ SetPassword: answered('setPassword') });
    configureGraphQLClient({
      fetch: async (input, init) => {
        await gate;
        return api.fetch(input, init);
      },
    });
    const toasts = collectToasts();
    renderSection(false);
    const form = await open();

    type(form, 'New Password', strong);
    type(form, 'Confirm Password', strong);
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(within(form).getByText('Setting password')).toBeTruthy());

    release();
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Password set successfully' }]));
    expect(api.of('SetPassword')[0]?.variables).toEqual({ marketplaceId: '1', password: strong });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set a password' })).toBeNull());
  });

  it('shows the server’s refusal of an easy password under the field', async () => {
    const weak = 'This password is too easy to guess. Add another word or two.';
    graphqlFetch({ SetPassword: () => badInput(weak) });
    renderSection(false);
    const form = await open();

    type(form, 'New Password', 'zephyrinequillbrook');
    type(form, 'Confirm Password', 'zephyrinequillbrook');
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));

    expect(await within(form).findByText(weak)).toBeTruthy();
    expect(field(form, 'New Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('after an old sign-in, confirms it is the client with an emailed code, then sets the password typed', async () => {
    let setCalls = 0;
    const api = graphqlFetch({
      SetPassword: () =>
        ++setCalls === 1
          ? badInput(
              "For your security, confirm it's you with a code we email you.",
              'REAUTHENTICATION_REQUIRED',
            )
          : answered('setPassword')(),
      RequestPasscode: () => ({ data: { requestPasscode: { token: 'code-token' } } }),
      PasscodeAuthenticate: () => ({
        data: {
          passcodeAuthenticate: {
            emailConfirmed: true,
            user: viewerFixture(),
            profile: { email: 'ana@example.com', givenName: 'Ana', familyName: 'Lee', phone: null },
          },
        },
      }),
    });
    const toasts = collectToasts();
    renderSection(false);
    const form = await open();
    type(form, 'New Password', strong);
    type(form, 'Confirm Password', strong);
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));

    const confirm = await dialog('Set a password');
    expect(
      await within(confirm).findByText("For your security, confirm it's you with a code we email you."),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Email me a code' }));
    await waitFor(() =>
      expect(api.of('RequestPasscode')[0]?.variables).toEqual({
        marketplaceId: '1',
        email: 'ana@example.com',
      }),
    );
    expect(await within(confirm).findByText(/We sent a 6-digit code to/)).toBeTruthy();

    const firstDigit = within(confirm).getByRole('textbox', { name: 'Digit 1 of 6' });
    fireEvent.change(firstDigit, { target: { value: '246801' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verify' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Password set successfully' }),
    );
    expect(api.of('PasscodeAuthenticate')[0]?.variables).toEqual({
      token: 'code-token',
      code: '246801',
      marketplaceId: '1',
    });
    expect(api.of('SetPassword').map((call) => call.variables)).toEqual([
      { marketplaceId: '1', password: strong },
      { marketplaceId: '1', password: strong },
    ]);
    expect($passCodeToken.get()).toBeNull();
  });
});

describe('Change password', () => {
  const open = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    return dialog('Change password');
  };
  const fill = (form: HTMLElement, current: string) => {
    type(form, 'Current Password', current);
    type(form, 'New Password', strong);
    type(form, 'Confirm Password', strong);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  };

  it('asks for the current password too, and sends nothing without it', async () => {
    const api = graphqlFetch({});
    renderSection(true);
    const form = await open();
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Please enter your current password.')).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    graphqlFetch({
      ChangePassword: () => badInput('Your current password is incorrect.', 'INCORRECT_PASSWORD'),
    });
    renderSection(true);
    const form = await open();
    fill(form, 'not my password');

    expect(await within(form).findByText('Your current password is incorrect.')).toBeTruthy();
    expect(field(form, 'Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(field(form, 'New Password').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says when there were too many tries', async () => {
    const message = 'Too many password attempts. Please wait a while and try again.';
    graphqlFetch({ ChangePassword: () => badInput(message, 'RATE_LIMITED') });
    renderSection(true);
    const form = await open();
    fill(form, 'a guess');
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
  });

  it("changes it and toasts 'Password changed successfully'", async () => {
    const api = graphqlFetch({ ChangePassword: answered('changePassword') });
    const toasts = collectToasts();
    renderSection(true);
    fill(await open(), 'Velvet-Harbor-Lantern-42');

    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: 'Password changed successfully' }]),
    );
    expect(api.of('ChangePassword')[0]?.variables).toEqual({
      marketplaceId: '1',
      currentPassword: 'Velvet-Harbor-Lantern-42',
      newPassword: strong,
    });
  });

  it('emails a reset link to a client who forgot their current password', async () => {
    const api = graphqlFetch({ RequestResetPassword: () => ({ data: { requestResetPassword: true } }) });
    const toasts = collectToasts();
    renderSection(true);
    const form = await open();
    fireEvent.click(
      within(form).getByRole('button', { name: 'Forgot your password? Email me a reset link' }),
    );

    await waitFor(() =>
      expect(toasts).toEqual([
        {
          type: 'success',
          message: 'If ana@example.com has an account, a link to reset its password is on its way.',
        },
      ]),
    );
    expect(api.of('RequestResetPassword')[0]?.variables).toEqual({
      webOriginUrl: window.location.origin,
      email: 'ana@example.com',
      mgId: '10',
      marketplaceId: '1',
    });
  });
});
