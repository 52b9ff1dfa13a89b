import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ended = vi.hoisted(() => [] as [string, string][]);
vi.mock('@atrium/graphql-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@atrium/graphql-client')>()),
  endRemotePreview: async (marketplaceId: string, token: string) => {
    ended.push([marketplaceId, token]);
    return true;
  },
}));

const { $pagePreview, PreviewNotice } = await import('./preview-notice');

const token = 't'.repeat(43);
const preview = {
  marketplaceId: '3',
  remote: 'catalog',
  version: 'c0ffee123456',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

function show(marketplaceId: string | null) {
  render(
    <AtriumUiProvider primaryColor="#123456">
      <PreviewNotice marketplaceId={marketplaceId} />
    </AtriumUiProvider>,
  );
}

describe('the preview notice', () => {
  const reload = vi.fn();
  beforeEach(() => {
    ended.length = 0;
    reload.mockReset();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
  });
  afterEach(() => {
    cleanup();
    $pagePreview.set(null);
    vi.restoreAllMocks();
  });

  it("tells the owner what their browser previews, on that marketplace's pages only", () => {
    $pagePreview.set(preview);
    show('3');
    expect(screen.getByRole('status', { name: 'Preview' }).textContent).toContain(
      'Previewing catalog c0ffee123456 — only you see this',
    );
    cleanup();
    show('4');
    expect(screen.queryByRole('status', { name: 'Preview' })).toBeNull();
  });

  it('shows nothing without a preview', () => {
    show('3');
    expect(screen.queryByText(/Previewing/)).toBeNull();
  });

  it('ends the preview: revoked on the API, its cookie removed, the page loaded again', async () => {
    const cookies: string[] = [];
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(`atrium-browser=b; atrium-preview=${token}`);
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookies.push(value);
    });
    $pagePreview.set(preview);
    show('3');
    fireEvent.click(screen.getByRole('button', { name: 'End preview' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(ended).toEqual([['3', token]]);
    expect(cookies).toEqual(['atrium-preview=; Path=/3; Max-Age=0; SameSite=Lax']);
  });
});
