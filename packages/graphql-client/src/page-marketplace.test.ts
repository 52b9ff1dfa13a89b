import { $marketplaceId } from '@atrium/stores';
import { afterEach, describe, expect, it } from 'vitest';
import { pageMarketplaceId } from './page-marketplace';

const at = (href: string) => new URL(href, 'https://book.example');

afterEach(() => {
  $marketplaceId.set(null);
});

describe("pageMarketplaceId (the marketplace a request is for: its group's session is used)", () => {
  it("is the path's marketplace on a marketplace page, whatever another tab stored", () => {
    $marketplaceId.set('2');
    expect(pageMarketplaceId(at('/1/services'))).toBe('1');
    expect(pageMarketplaceId(at('/12/profile?marketplace=3'))).toBe('12');
  });

  it("is an emailed link's marketplace on a top-level page, else the stored one", () => {
    $marketplaceId.set('2');
    expect(pageMarketplaceId(at('/confirm-email?token=t&marketplace=3'))).toBe('3');
    expect(pageMarketplaceId(at('/reset-password?token=t&mg=4'))).toBe('2');
    expect(pageMarketplaceId(at('/reset-password?token=t&marketplace=x1'))).toBe('2');
    $marketplaceId.set(null);
    expect(pageMarketplaceId(at('/confirm-email?token=t'))).toBeNull();
  });

  it('is null outside a browser', () => {
    $marketplaceId.set('2');
    expect(pageMarketplaceId(null)).toBeNull();
  });
});
