import { describe, expect, it } from 'vitest';
import { marketplaceIdFromPath } from './marketplace-id';

describe('marketplaceIdFromPath (spec 2: the first path segment when numeric)', () => {
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
