import { describe, expect, it } from 'vitest';
import { windowLabel } from './waitlist-format';

describe('windowLabel', () => {
  it('reads a window as the client chose it at the place', () => {
    expect(windowLabel({ localStart: '2030-01-08T08:00', localEnd: '2030-01-08T12:00' })).toBe(
      'Tue, Jan 8, 2030, 8:00 AM – 12:00 PM',
    );
    expect(windowLabel({ localStart: '2030-01-08T16:00', localEnd: '2030-01-08T20:00' })).toBe(
      'Tue, Jan 8, 2030, 4:00 PM – 8:00 PM',
    );
  });
});
