import { describe, expect, it } from 'vitest';
import { linkedMarketplace, marketplaceIdFromPath } from './marketplace-id';

describe('marketplaceIdFromPath (the first path segment when numeric)', () => {
  it('takes the numeric first segment', () => {
    expect(marketplaceIdFromPath('/42/services')).toBe('42');
  });

  it('takes a bare id', () => {
    expect([marketplaceIdFromPath('/42'), marketplaceIdFromPath('/42/')]).toEqual(['42', '42']);
  });

  it('ignores routes whose first segment is not numeric', () => {
    expect([
      marketplaceIdFromPath('/confirm-email'),
      marketplaceIdFromPath('/services/42'),
      marketplaceIdFromPath('/42abc'),
      marketplaceIdFromPath('/'),
      marketplaceIdFromPath(''),
    ]).toEqual([null, null, null, null, null]);
  });
});

describe('linkedMarketplace (what an emailed link is for, so it works in any browser)', () => {
  it('reads the marketplace and the group of the query', () => {
    expect(linkedMarketplace('?token=abc&marketplace=3')).toEqual({ marketplaceId: '3', mgId: null });
    expect(linkedMarketplace(new URLSearchParams('token=abc&mg=2'))).toEqual({
      marketplaceId: null,
      mgId: '2',
    });
  });

  it('names nothing for an old link or malformed values', () => {
    expect(linkedMarketplace('?token=abc')).toEqual({ marketplaceId: null, mgId: null });
    expect(linkedMarketplace('?marketplace=3x&mg=')).toEqual({ marketplaceId: null, mgId: null });
  });
});
