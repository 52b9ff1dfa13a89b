import { describe, expect, it } from 'vitest';
import { canonicalMarketplacePath, linkedMarketplace, marketplaceIdFromPath } from './marketplace-id';

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

  it('takes an id written one way only: no 0, no leading zeros', () => {
    expect([
      marketplaceIdFromPath('/0'),
      marketplaceIdFromPath('/01/services'),
      marketplaceIdFromPath('/10'),
    ]).toEqual([null, null, '10']);
  });
});

describe('canonicalMarketplacePath (the address to send an id with leading zeros to)', () => {
  it('drops the leading zeros, keeping the rest of the path', () => {
    expect(canonicalMarketplacePath('/01/services')).toBe('/1/services');
    expect(canonicalMarketplacePath('/0010')).toBe('/10');
  });

  it('leaves ids written one way, zero and other paths alone', () => {
    for (const path of ['/1/services', '/10', '/0', '/00/services', '/services', '/0abc']) {
      expect(canonicalMarketplacePath(path), path).toBeNull();
    }
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
