import type { CheckoutNoteOptions, checkoutNoteTypes } from '../../catalogue';
import type { marketplaces } from '../../kernel/tables';
import type { remoteNames } from '../../releases';

/**
 * One demo tenant as the seed writes it. Lists are in display order (their index becomes `position`)
 * and every row carries a fixed id so seeding twice converges on the same data.
 */
export interface DemoMarketplace {
  group: { id: number; name: string };
  marketplace: Omit<typeof marketplaces.$inferInsert, 'id' | 'mgId'> & { id: number };
  clinics: DemoClinic[];
  categories: DemoCategory[];
  /** Bookable procedures and add-ons alike; add-ons have `isAddOn` and no category. */
  procedures: DemoProcedure[];
  checkoutNotes: DemoCheckoutNote[];
  remoteOverrides: { remote: (typeof remoteNames)[number]; entry: string }[];
}

export interface DemoClinic {
  id: number;
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export interface DemoCategory {
  id: number;
  name: string;
  description: string;
  thumbnail: string;
  banner?: string;
}

export interface DemoProcedure {
  id: number;
  /** Category id; absent for add-ons. */
  categoryId?: number;
  isAddOn?: boolean;
  name: string;
  tagline: string;
  description: string;
  thumbnail: string;
  ingredients: string[];
  prices: number[];
  durations: number[];
  tags: string[];
  offeredAtHome: boolean;
  /** Clinics where it is offered. */
  clinicIds: number[];
  addOns?: { featured: number[]; other: number[] };
}

export interface DemoCheckoutNote {
  id: number;
  label: string;
  type: (typeof checkoutNoteTypes)[number];
  isRequired: boolean;
  options: CheckoutNoteOptions | null;
}
