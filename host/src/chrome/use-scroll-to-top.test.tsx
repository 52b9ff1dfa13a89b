import { MemoryRouter, useNavigate } from '@atrium/navigation';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let go: (path: string) => void = () => {};
function Page() {
  useScrollToTopOnNavigate();
  go = useNavigate();
  return null;
}

describe('scrolling to the top', () => {
  it('leaves the page the app starts on where the browser put it, and starts every next page at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/1/services']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => go('/1/schedule'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => go('/1/services'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
