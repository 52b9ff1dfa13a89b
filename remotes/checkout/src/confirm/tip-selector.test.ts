import { describe, expect, it } from 'vitest';
import { tipCents } from './tip-selector';

describe('the chosen tip', () => {
  it('is a preset share of the cart minimum price, in cents', () => {
    expect(tipCents({ kind: 'percent', percent: 15 }, 19900)).toBe(2985);
    expect(tipCents({ kind: 'percent', percent: 20 }, 12345)).toBe(2469);
  });

  it('is a custom amount when it has at most 2 decimals and is below 10000, else 0', () => {
    expect(tipCents({ kind: 'custom', dollars: '12.34' }, 0)).toBe(1234);
    expect(tipCents({ kind: 'custom', dollars: '12.345' }, 0)).toBe(0);
    expect(tipCents({ kind: 'custom', dollars: '10000' }, 0)).toBe(0);
    expect(tipCents({ kind: 'none' }, 19900)).toBe(0);
  });
});
