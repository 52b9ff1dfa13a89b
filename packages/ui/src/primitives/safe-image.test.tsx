import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AtriumUiProvider } from '../atrium-ui-provider';
import { SafeImage } from './safe-image';

function renderImage() {
  return render(
    <AtriumUiProvider primaryColor="#0EA5E9">
      <SafeImage src="/thumb.svg" alt="Myers' Cocktail" />
    </AtriumUiProvider>,
  );
}

describe('SafeImage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('retries a failed image once, then hides it', () => {
    const { queryByRole } = renderImage();
    fireEvent.error(queryByRole('img') as HTMLElement);
    expect(queryByRole('img')?.getAttribute('src')).toBe('/thumb.svg?retry=1');
    fireEvent.error(queryByRole('img') as HTMLElement);
    expect(queryByRole('img')).toBeNull();
  });

  it('keeps an image that loads', () => {
    const { queryByRole } = renderImage();
    fireEvent.load(queryByRole('img') as HTMLElement);
    act(() => vi.advanceTimersByTime(20_000));
    expect(queryByRole('img')).not.toBeNull();
  });

  it('hides an image still loading after 10 s and its retry', () => {
    const { queryByRole } = renderImage();
    act(() => vi.advanceTimersByTime(9_999));
    expect(queryByRole('img')?.getAttribute('src')).toBe('/thumb.svg');
    act(() => vi.advanceTimersByTime(1));
    expect(queryByRole('img')?.getAttribute('src')).toBe('/thumb.svg?retry=1');
    act(() => vi.advanceTimersByTime(10_000));
    expect(queryByRole('img')).toBeNull();
  });
});
