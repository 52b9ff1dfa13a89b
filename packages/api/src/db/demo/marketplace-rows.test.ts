import { describe, expect, it } from 'vitest';
import type { DemoMarketplace } from './demo-marketplace';
import {
  addOnLinkRows,
  categoryRows,
  checkoutNoteRows,
  clinicLinkRows,
  clinicRows,
  procedureRows,
} from './marketplace-rows';
import { solaceWellnessStudio } from './solace-wellness-studio';

const procedure = (id: number, more: Partial<DemoMarketplace['procedures'][number]> = {}) => ({
  id,
  name: `Procedure ${id}`,
  tagline: 'Tagline',
  description: 'Description',
  thumbnail: '/thumbnail.svg',
  ingredients: [],
  prices: [5000],
  durations: [30],
  tags: [],
  offeredAtHome: false,
  clinicIds: [71],
  ...more,
});

const demo: DemoMarketplace = {
  ...solaceWellnessStudio,
  marketplace: { ...solaceWellnessStudio.marketplace, id: 7 },
  clinics: [
    {
      id: 71,
      name: 'North',
      address: '1 North St',
      phone: '+13035550100',
      timeZone: 'America/Denver',
      latitude: 39.7,
      longitude: -104.9,
    },
  ],
  categories: [
    { id: 70, name: 'First', description: 'One', thumbnail: '/first.svg' },
    { id: 71, name: 'Second', description: 'Two', thumbnail: '/second.svg', banner: '/banner.svg' },
  ],
  procedures: [
    procedure(700, { categoryId: 70, clinicIds: [71, 72], addOns: { featured: [702], other: [701, 703] } }),
    procedure(701, { isAddOn: true, offeredAtHome: true }),
  ],
  checkoutNotes: [
    { id: 75, label: 'Anything else?', type: 'TEXT', isRequired: false, options: null },
    { id: 74, label: 'Allergies?', type: 'TEXT', isRequired: true, options: { placeholder: 'None' } },
  ],
};

describe('demo marketplace rows', () => {
  it('positions clinics and categories in list order, a category without a banner having none', () => {
    expect(clinicRows(demo)).toEqual([{ ...demo.clinics[0], marketplaceId: 7, position: 0 }]);
    expect(categoryRows(demo)).toEqual([
      {
        id: 70,
        name: 'First',
        description: 'One',
        thumbnail: '/first.svg',
        banner: null,
        marketplaceId: 7,
        position: 0,
      },
      {
        id: 71,
        name: 'Second',
        description: 'Two',
        thumbnail: '/second.svg',
        banner: '/banner.svg',
        marketplaceId: 7,
        position: 1,
      },
    ]);
  });

  it('writes an add-on without a category and a procedure as no add-on unless it says so', () => {
    const [bookable, addOn] = procedureRows(demo);
    expect(bookable).toMatchObject({
      id: 700,
      procedureGroupId: 70,
      isAddOn: false,
      marketplaceId: 7,
      position: 0,
    });
    expect(addOn).toMatchObject({
      id: 701,
      procedureGroupId: null,
      isAddOn: true,
      offeredAtHome: true,
      position: 1,
    });
  });

  it('links featured add-ons first, positioned in one list with the others', () => {
    expect(addOnLinkRows(demo)).toEqual([
      { marketplaceId: 7, procedureId: 700, addOnId: 702, featured: true, position: 0 },
      { marketplaceId: 7, procedureId: 700, addOnId: 701, featured: false, position: 1 },
      { marketplaceId: 7, procedureId: 700, addOnId: 703, featured: false, position: 2 },
    ]);
  });

  it('offers each procedure at each of its clinics', () => {
    expect(clinicLinkRows(demo)).toEqual([
      { marketplaceId: 7, procedureId: 700, clinicId: 71 },
      { marketplaceId: 7, procedureId: 700, clinicId: 72 },
      { marketplaceId: 7, procedureId: 701, clinicId: 71 },
    ]);
  });

  it('numbers checkout notes by their place in the list, whatever their ids', () => {
    expect(
      checkoutNoteRows(demo).map(({ id, index, marketplaceId }) => ({ id, index, marketplaceId })),
    ).toEqual([
      { id: 75, index: 0, marketplaceId: 7 },
      { id: 74, index: 1, marketplaceId: 7 },
    ]);
  });
});
