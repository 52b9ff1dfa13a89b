import type { MarketplaceCategory } from '@atrium/graphql-client';

/** A synthetic catalogue of `count` services in categories of ten, for render tests and benchmarks. */
export function syntheticCategories(count: number): MarketplaceCategory[] {
  return Array.from({ length: Math.ceil(count / 10) }, (_, c) => ({
    id: `c${c}`,
    name: `Category ${c + 1}`,
    description: null,
    thumbnail: null,
    banner: null,
    procedures: Array.from({ length: Math.min(10, count - c * 10) }, (_, p) => {
      const id = String(c * 10 + p + 1);
      return {
        id,
        name: `Service ${id}`,
        tagline: null,
        description: `Description of service ${id}, long enough to be clamped to two lines in the list.`,
        thumbnail: null,
        ingredients: [],
        price: [10000 + Number(id) * 100],
        duration: [30],
        tags: [],
        addOns: [],
        addOnsFeatured: [],
        addOnsOther: [],
      };
    }),
  }));
}
