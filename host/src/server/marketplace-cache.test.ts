import type { Marketplace } from '@atrium/graphql-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMarketplaceCache } from './marketplace-cache';
import { fakeMarketplace } from './test-support';

/** A reader that answers marketplace `id` (or fails for the ids in `missing`) and counts its reads. */
function reader(missing: string[] = []) {
  const reads: string[] = [];
  const read = (id: string) => {
    reads.push(id);
    return missing.includes(id)
      ? Promise.reject(new Error(`No marketplace ${id}`))
      : Promise.resolve(fakeMarketplace(id) as unknown as Marketplace);
  };
  return { reads, read };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the marketplace cache', () => {
  it('reuses a marketplace read less than its time to live ago, and shares one read between requests at once', async () => {
    const { reads, read } = reader();
    const cache = createMarketplaceCache(5000, read);
    const [first, second] = await Promise.all([cache.get('1'), cache.get('1')]);
    vi.advanceTimersByTime(4999);
    const third = await cache.get('1');
    expect(reads).toEqual(['1']);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('reads a marketplace again once its time to live has passed', async () => {
    const { reads, read } = reader();
    const cache = createMarketplaceCache(5000, read);
    await cache.get('1');
    vi.advanceTimersByTime(5000);
    await cache.get('1');
    expect(reads).toEqual(['1', '1']);
  });

  it('with no time to live, shares a read only while it is under way: the next page asks the API again', async () => {
    const { reads, read } = reader();
    const cache = createMarketplaceCache(0, read);
    const [first, second] = await Promise.all([cache.get('1'), cache.get('1')]);
    expect(second).toBe(first);
    expect(reads).toEqual(['1']);
    await cache.get('1');
    expect(reads).toEqual(['1', '1']);
  });

  it('keeps no failed read: the next page asks the API again', async () => {
    const { reads, read } = reader(['999']);
    const cache = createMarketplaceCache(5000, read);
    await expect(cache.get('999')).rejects.toThrow('No marketplace 999');
    await expect(cache.get('999')).rejects.toThrow('No marketplace 999');
    expect(reads).toEqual(['999', '999']);
  });
});
