import { describe, expect, it } from 'vitest';
import { durationLabel, formatDuration } from './duration';

describe('formatDuration', () => {
  it.each([
    [45, '45 min'],
    [5, '5 min'],
    [59, '59 min'],
    [60, '1 hr'],
    [90, '1 hr 30 min'],
    [120, '2 hr'],
    [135, '2 hr 15 min'],
    [44.6, '45 min'],
  ])('shows %d minutes as %j', (minutes, shown) => {
    expect(formatDuration(minutes)).toBe(shown);
  });

  it.each([0, -15, Number.NaN, null, undefined])('shows nothing for %j', (minutes) => {
    expect(formatDuration(minutes)).toBeNull();
  });

  it("uses a procedure's shortest duration, as the spec uses the minimum", () => {
    expect(durationLabel([90, 45, 60])).toBe('45 min');
    expect(durationLabel([])).toBeNull();
    expect(durationLabel(undefined)).toBeNull();
  });
});
