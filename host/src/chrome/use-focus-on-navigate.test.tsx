import { MemoryRouter, useNavigate } from '@atrium/navigation';
import { act, cleanup, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADING_WAIT_MS, MAIN_CONTENT_ID, useFocusPageOnNavigate } from './use-focus-on-navigate';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let go: (path: string) => void = () => {};
let show: (page: ReactNode) => void = () => {};

function Layout() {
  useFocusPageOnNavigate();
  go = useNavigate();
  const [page, setPage] = useState<ReactNode>(<h1>Services</h1>);
  show = setPage;
  return (
    <>
      <button type="button">Menu</button>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {page}
      </main>
    </>
  );
}

function start() {
  render(
    <MemoryRouter initialEntries={['/1/services']}>
      <Layout />
    </MemoryRouter>,
  );
}

const main = () => document.getElementById(MAIN_CONTENT_ID);

describe('focus after a route change', () => {
  it('leaves focus where the browser put it on the page the app starts on', () => {
    start();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus to the new page's main heading, not <body>", () => {
    start();
    act(() => {
      show(<h1>Schedule</h1>);
      go('/1/schedule');
    });
    expect(document.activeElement?.textContent).toBe('Schedule');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('focuses <main> while the page loads, then its heading once it renders', async () => {
    start();
    act(() => {
      show(<p>Loading…</p>);
      go('/1/profile');
    });
    expect(document.activeElement).toBe(main());
    act(() => show(<h1>My Profile</h1>));
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('My Profile'));
  });

  it('keeps the place of a client who moved focus before the heading rendered', async () => {
    vi.useFakeTimers();
    start();
    act(() => {
      show(<p>Loading…</p>);
      go('/1/profile');
    });
    const menu = document.querySelector('button');
    act(() => menu?.focus());
    act(() => show(<h1>My Profile</h1>));
    await act(async () => vi.advanceTimersByTimeAsync(HEADING_WAIT_MS));
    expect(document.activeElement).toBe(menu);
  });
});
