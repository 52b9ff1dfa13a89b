import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_COUNTDOWN_SECONDS, secondsLeft, useCountdown } from './countdown';

afterEach(cleanup);

describe('secondsLeft', () => {
  it('counts whole seconds down from the total and stops at 0', () => {
    expect(secondsLeft(1000, 1000, 60)).toBe(60);
    expect(secondsLeft(1000, 1999, 60)).toBe(60);
    expect(secondsLeft(1000, 2000, 60)).toBe(59);
    expect(secondsLeft(1000, 61_000, 60)).toBe(0);
    expect(secondsLeft(1000, 500_000, 60)).toBe(0);
  });

  it('never goes above the total when the clock moves back', () => {
    expect(secondsLeft(5000, 1000, 60)).toBe(60);
  });
});

describe('useCountdown (resend after 60 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at 60 seconds and reaches 0 after a minute', () => {
    expect(RESEND_COUNTDOWN_SECONDS).toBe(60);
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(60);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(59);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(result.current.remaining).toBe(0);
  });

  it('starts again from 60 on restart', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.remaining).toBe(0);
    act(() => {
      result.current.restart();
    });
    expect(result.current.remaining).toBe(60);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current.remaining).toBe(57);
  });
});
