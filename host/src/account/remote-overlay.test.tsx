import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const loadExposed = vi.hoisted(() => vi.fn());
vi.mock('../federation/remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../federation/remote-registry')>()),
  loadExposed,
}));

const { RemoteOverlay } = await import('./remote-overlay');
const { RemoteUnavailableError } = await import('../federation/remote-registry');

afterEach(cleanup);

describe('RemoteOverlay', () => {
  it("renders the remote's module with its props", async () => {
    loadExposed.mockResolvedValueOnce(({ title }: { title: string }) => <p>{title}</p>);
    render(
      <RemoteOverlay
        remote="account"
        module="SignInDialog"
        props={{ title: 'Sign in' }}
        onFailure={() => {}}
      />,
    );
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledWith('account', 'SignInDialog');
  });

  it('renders nothing and tells the caller when the remote cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadExposed.mockRejectedValueOnce(new RemoteUnavailableError('account'));
    const onFailure = vi.fn();
    const { container } = render(
      <div>
        <p>Page</p>
        <RemoteOverlay remote="account" module="SignInDialog" props={{}} onFailure={onFailure} />
      </div>,
    );
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(expect.any(RemoteUnavailableError)));
    expect(container.textContent).toBe('Page');
  });
});
