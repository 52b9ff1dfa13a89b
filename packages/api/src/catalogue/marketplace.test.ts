import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, createApp } from '../app';
import { migrate } from '../db/migrate';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { type GraphQLResponse, postGraphQL } from '../test/graphql';
import { type MarketplaceRow, serviceAreaOf, toMarketplaceView } from './marketplace';

const catalogOverrideEntry = 'http://localhost:3011/mf-manifest.json';

const marketplaceQuery = /* GraphQL */ `
  query Marketplace($id: ID!, $procedures: ProceduresInput) {
    marketplace(id: $id, procedures: $procedures) {
      id
      mgId
      name
      logo
      favicon
      primaryColor
      navigationGroupId
      providesAtHome
      outsideServiceArea
      clinicOrganizations { id name address phone timeZone latitude longitude }
      categories {
        id
        name
        description
        thumbnail
        banner
        procedures { id name }
      }
      procedures {
        id
        name
        tagline
        description
        thumbnail
        ingredients
        price
        duration
        tags
        addOns { id name }
        addOnsFeatured { id name price duration }
        addOnsOther { id name }
      }
      checkoutNotes { id index label type isRequired options { placeholder values } }
      paymentSettings {
        hasPaymentPolicy
        paymentPolicyName
        paymentPolicyText
        requirePaymentPolicyAttestation
        paymentCollectionMethod
        paymentDepositType
        paymentDepositValue
      }
      remoteOverrides { remote marketplaceId entry version fallbackEntry canary { version } canaryRemoval { version } }
    }
  }
`;

interface MarketplaceData {
  marketplace: {
    id: string;
    mgId: string;
    name: string;
    logo: string | null;
    favicon: string | null;
    primaryColor: string;
    providesAtHome: boolean;
    outsideServiceArea: boolean;
    clinicOrganizations: { id: string; name: string; phone: string; timeZone: string }[];
    categories: { id: string; name: string; procedures: { id: string; name: string }[] }[];
    procedures: {
      id: string;
      name: string;
      thumbnail: string | null;
      ingredients: string[];
      price: number[];
      duration: number[];
      addOns: { name: string }[];
      addOnsFeatured: { name: string; price: number[]; duration: number[] }[];
      addOnsOther: { name: string }[];
    }[];
    checkoutNotes: {
      index: number;
      label: string;
      type: string;
      isRequired: boolean;
      options: { placeholder: string | null; values: string[] } | null;
    }[];
    paymentSettings: Record<string, unknown>;
    remoteOverrides: Record<string, unknown>[];
  };
}

/** WCAG relative luminance; the spec calls a colour dark below 0.3. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const names = (items: { name: string }[]) => items.map((item) => item.name);

/** The error of a failed response, after checking it is a plain HTTP 200 with no internals leaked. */
function onlyError(response: { status: number; body: GraphQLResponse; text: string }) {
  expect(response.status).toBe(200);
  expect(response.body.data).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  const [error] = response.body.errors ?? [];
  expect(error?.extensions).not.toHaveProperty('stacktrace');
  expect(error?.extensions).not.toHaveProperty('originalError');
  expect(response.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  return { message: error?.message, code: error?.extensions?.code };
}

const marketplaceRow: MarketplaceRow = {
  id: 4,
  mgId: 9,
  name: 'Harbor Spa',
  logo: null,
  favicon: '/favicon.svg',
  primaryColor: '#112233',
  navigationGroupId: 5,
  providesAtHome: true,
  isLive: true,
  revision: 0,
  serviceAreaLatitude: 40.7128,
  serviceAreaLongitude: -74.006,
  serviceAreaRadiusKm: 25,
  serviceAreaZipCodes: ['10001'],
  travelFeeCents: 1500,
  hasPaymentPolicy: true,
  paymentPolicyName: 'Cancellation Policy',
  paymentPolicyText: 'Cancel a day ahead.',
  requirePaymentPolicyAttestation: true,
  paymentCollectionMethod: 'collect_deposit',
  paymentDepositType: 'fixed_amount',
  paymentDepositValue: 2000,
  noShowFeeCents: null,
  phone: null,
  clinicRows: [],
  noteRows: [
    {
      id: 8,
      index: 0,
      label: 'Allergies?',
      type: 'TEXT',
      isRequired: true,
      options: { placeholder: 'None' },
    },
    { id: 9, index: 1, label: 'How did you hear of us?', type: 'SELECT', isRequired: false, options: null },
  ],
  overrideRows: [],
  groupRows: [],
  procedureRows: [],
  addOnRows: [],
  clinicProcedureIds: [],
};

describe('marketplace rows', () => {
  it('gives ids as strings, the payment settings together and each checkout note its options or null', () => {
    const view = toMarketplaceView(marketplaceRow, { categories: [], procedures: [] });
    expect(view).toEqual({
      id: '4',
      mgId: '9',
      name: 'Harbor Spa',
      logo: null,
      favicon: '/favicon.svg',
      primaryColor: '#112233',
      navigationGroupId: '5',
      providesAtHome: true,
      clinicOrganizations: [],
      categories: [],
      procedures: [],
      checkoutNotes: [
        {
          id: '8',
          index: 0,
          label: 'Allergies?',
          type: 'TEXT',
          isRequired: true,
          options: { placeholder: 'None', values: [] },
        },
        {
          id: '9',
          index: 1,
          label: 'How did you hear of us?',
          type: 'SELECT',
          isRequired: false,
          options: null,
        },
      ],
      paymentSettings: {
        hasPaymentPolicy: true,
        paymentPolicyName: 'Cancellation Policy',
        paymentPolicyText: 'Cancel a day ahead.',
        requirePaymentPolicyAttestation: true,
        paymentCollectionMethod: 'collect_deposit',
        paymentDepositType: 'fixed_amount',
        paymentDepositValue: 2000,
        noShowFeeCents: null,
      },
      remoteOverrides: [],
      outsideServiceArea: false,
    });
  });

  it('keeps a marketplace of no navigation group without one', () => {
    const view = toMarketplaceView(
      { ...marketplaceRow, navigationGroupId: null },
      { categories: [], procedures: [] },
    );
    expect(view.navigationGroupId).toBeNull();
  });

  it('reads the service area as its centre, radius and ZIP codes, with no centre unless both coordinates are set', () => {
    expect(serviceAreaOf(marketplaceRow)).toEqual({
      center: { latitude: 40.7128, longitude: -74.006 },
      radiusKm: 25,
      zipCodes: ['10001'],
    });
    expect(serviceAreaOf({ ...marketplaceRow, serviceAreaLongitude: null }).center).toBeNull();
  });
});

describe.each(testDatabases)('marketplace query on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await seededDatabase(factory, { catalogOverrideEntry });
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
  });
  afterAll(() => handle.dispose());

  const marketplace = async (id: string | number, procedures?: Record<string, unknown>) => {
    const response = await postGraphQL<MarketplaceData>(app, marketplaceQuery, { id, procedures });
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data?.marketplace;
    if (!data) throw new Error('no marketplace in the response');
    return data;
  };

  describe('Glow Mobile IV (1)', () => {
    it('has light branding, at-home service and three clinics in three US time zones', async () => {
      const glow = await marketplace('1');
      expect(glow).toMatchObject({
        id: '1',
        mgId: '1',
        name: 'Glow Mobile IV',
        logo: '/assets/marketplaces/glow-mobile-iv/logo.svg',
        favicon: '/assets/marketplaces/glow-mobile-iv/favicon.svg',
        primaryColor: '#38BDF8',
        providesAtHome: true,
      });
      expect(luminance(glow.primaryColor)).toBeGreaterThanOrEqual(0.3);
      expect(glow.clinicOrganizations.map((clinic) => clinic.timeZone)).toEqual([
        'America/New_York',
        'America/Chicago',
        'America/Los_Angeles',
      ]);
      for (const clinic of glow.clinicOrganizations) expect(clinic.phone).toMatch(/^\+1\d{10}$/);
    });

    it('takes a 20% deposit under a cancellation policy the client must accept', async () => {
      const { paymentSettings } = await marketplace('1');
      expect(paymentSettings).toEqual({
        hasPaymentPolicy: true,
        paymentPolicyName: 'Cancellation Policy',
        paymentPolicyText: expect.stringContaining('24 hours'),
        requirePaymentPolicyAttestation: true,
        paymentCollectionMethod: 'collect_deposit',
        paymentDepositType: 'percentage',
        paymentDepositValue: 20,
      });
    });

    it('asks one checkout note of each type, in index order', async () => {
      const { checkoutNotes } = await marketplace('1');
      expect(checkoutNotes.map((note) => [note.index, note.type, note.label, note.isRequired])).toEqual([
        [0, 'HEADER', 'A few questions before your visit', false],
        [1, 'TEXT', 'Any allergies we should know about?', true],
        [2, 'SELECT', 'How did you hear about us?', false],
        [3, 'MULTISELECT', 'What are your goals?', false],
        [4, 'BOOLEAN', 'Is this your first IV treatment?', false],
        [5, 'DATETIME', 'Preferred callback time', false],
      ]);
      expect(checkoutNotes[2]?.options?.values).toContain('Instagram');
      expect(checkoutNotes[1]?.options).toEqual({
        placeholder: 'For example: latex, iodine, none',
        values: [],
      });
      expect(checkoutNotes[0]?.options).toBeNull();
    });

    it('lists four categories and twelve bookable procedures, never an add-on on its own', async () => {
      const glow = await marketplace('1');
      expect(names(glow.categories)).toEqual(['IV Therapy', 'Vitamin Injections', 'Aesthetics', 'Recovery']);
      expect(glow.procedures).toHaveLength(12);
      expect(glow.procedures.map((procedure) => procedure.id)).toEqual(
        glow.categories.flatMap((category) => category.procedures.map((procedure) => procedure.id)),
      );
      expect(names(glow.procedures)).not.toContain('Anti-Nausea');
    });

    it('keeps several prices and durations in cents and minutes (NAD+ Infusion: $250/$450, 60/120 min)', async () => {
      const nad = (await marketplace('1')).procedures.find((procedure) => procedure.name === 'NAD+ Infusion');
      expect(nad).toMatchObject({ price: [25000, 45000], duration: [60, 120] });
      expect(nad?.ingredients).toEqual(['NAD+ (250 mg or 500 mg)', 'Saline (500 mL)']);
    });

    it('has exactly one procedure whose thumbnail file is missing', async () => {
      const { procedures } = await marketplace('1');
      const missing = procedures.filter((procedure) => procedure.thumbnail?.includes('missing-thumbnail'));
      expect(missing.map((procedure) => [procedure.name, procedure.thumbnail])).toEqual([
        ['Lipo-C Fat Burner', '/assets/catalog/missing-thumbnail.svg'],
      ]);
    });

    it("splits add-ons into featured and other, featured first in addOns (Myers' Cocktail)", async () => {
      const myers = (await marketplace('1')).procedures.find(
        (procedure) => procedure.name === "Myers' Cocktail",
      );
      expect(names(myers?.addOnsFeatured ?? [])).toEqual(['Glutathione Push', 'Extra Fluids']);
      expect(names(myers?.addOnsOther ?? [])).toEqual(['Anti-Nausea', 'Zinc']);
      expect(names(myers?.addOns ?? [])).toEqual(['Glutathione Push', 'Extra Fluids', 'Anti-Nausea', 'Zinc']);
      expect(myers?.addOnsFeatured[0]).toMatchObject({ price: [4500], duration: [10] });
    });

    it('has no remote overrides', async () => {
      expect((await marketplace('1')).remoteOverrides).toEqual([]);
    });
  });

  describe('Nocturne Aesthetics (2)', () => {
    it('is dark-branded, clinic-only, with twelve clinics', async () => {
      const nocturne = await marketplace('2');
      expect(nocturne).toMatchObject({ mgId: '2', name: 'Nocturne Aesthetics', primaryColor: '#312E81' });
      expect(luminance(nocturne.primaryColor)).toBeLessThan(0.3);
      expect(nocturne.providesAtHome).toBe(false);
      expect(nocturne.clinicOrganizations).toHaveLength(12);
      expect(names(nocturne.categories)).toEqual(['Injectables', 'Skin', 'Body']);
      expect(nocturne.procedures).toHaveLength(8);
    });

    it('charges on confirmation with no payment policy', async () => {
      expect((await marketplace('2')).paymentSettings).toEqual({
        hasPaymentPolicy: false,
        paymentPolicyName: null,
        paymentPolicyText: null,
        requirePaymentPolicyAttestation: false,
        paymentCollectionMethod: 'collect_on_confirmation',
        paymentDepositType: null,
        paymentDepositValue: null,
      });
    });

    it('overrides the catalog remote with the configured entry, recorded as a release of its URL', async () => {
      expect((await marketplace('2')).remoteOverrides).toEqual([
        {
          remote: 'catalog',
          marketplaceId: '2',
          entry: catalogOverrideEntry,
          version: expect.stringMatching(/^url-[0-9a-f]{12}$/),
          fallbackEntry: null,
          canary: null,
          canaryRemoval: null,
        },
      ]);
    });
  });

  describe('Solace Wellness Studio (3)', () => {
    it('has light branding and exactly one clinic, in Denver', async () => {
      const solace = await marketplace('3');
      expect(solace).toMatchObject({ mgId: '3', primaryColor: '#F59E0B', providesAtHome: false });
      expect(luminance(solace.primaryColor)).toBeGreaterThanOrEqual(0.3);
      expect(solace.clinicOrganizations).toMatchObject([{ id: '301', timeZone: 'America/Denver' }]);
      expect(names(solace.categories)).toHaveLength(2);
      expect(solace.procedures).toHaveLength(5);
      expect(solace.remoteOverrides).toEqual([]);
    });

    it('collects payment on site under a policy that needs no attestation', async () => {
      expect((await marketplace('3')).paymentSettings).toMatchObject({
        hasPaymentPolicy: true,
        requirePaymentPolicyAttestation: false,
        paymentCollectionMethod: 'collect_on_site',
        paymentDepositType: null,
        paymentDepositValue: null,
      });
    });
  });

  describe('procedures offered at a clinic', () => {
    it('lists only what the Chicago clinic offers, without categories left empty there', async () => {
      const chicago = await marketplace('1', { organizationId: '102' });
      expect(names(chicago.procedures)).toEqual([
        "Myers' Cocktail",
        'Hydration Boost IV',
        'NAD+ Infusion',
        'B12 Energy Shot',
        'Lipo-C Fat Burner',
        'Athletic Recovery IV',
        'Cryo-Compression Therapy',
      ]);
      expect(names(chicago.categories)).toEqual(['IV Therapy', 'Vitamin Injections', 'Recovery']);
      // The clinic list and branding are not narrowed.
      expect(chicago.clinicOrganizations).toHaveLength(3);
    });

    it('offers a different set in Los Angeles, add-ons included (no Glutathione there)', async () => {
      const la = await marketplace('1', { organizationId: '103' });
      expect(names(la.procedures)).toEqual([
        "Myers' Cocktail",
        'Hydration Boost IV',
        'Immunity Defense IV',
        'Hangover Rescue IV',
        'Vitamin D3 Injection',
        'Wrinkle Relaxer',
        'Hydrating Facial',
        'Cryo-Compression Therapy',
      ]);
      const myers = la.procedures.find((procedure) => procedure.name === "Myers' Cocktail");
      expect(names(myers?.addOnsFeatured ?? [])).toEqual(['Extra Fluids']);
      expect(names(myers?.addOnsOther ?? [])).toEqual(['Anti-Nausea', 'Zinc']);
    });

    it('accepts the organization id as a number literal too', async () => {
      const response = await postGraphQL<MarketplaceData>(
        app,
        '{ marketplace(id: 1, procedures: { organizationId: 101 }) { procedures { name } } }',
      );
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data?.marketplace.procedures).toHaveLength(11);
    });

    it('refuses a clinic of another marketplace with BAD_USER_INPUT', async () => {
      const response = await postGraphQL(app, marketplaceQuery, {
        id: '1',
        procedures: { organizationId: '201' },
      });
      expect(onlyError(response)).toEqual({
        message: 'Organization 201 is not a clinic of marketplace 1.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a malformed organization id with BAD_USER_INPUT', async () => {
      const response = await postGraphQL(app, marketplaceQuery, {
        id: '1',
        procedures: { organizationId: 'abc' },
      });
      expect(onlyError(response)).toEqual({
        message: 'Organization id must be a positive whole number.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a clinic and a location together', async () => {
      const response = await postGraphQL(app, marketplaceQuery, {
        id: '1',
        procedures: { organizationId: '101', location: { latitude: 40.7, longitude: -74 } },
      });
      expect(onlyError(response)).toEqual({
        message: 'Filter procedures by organizationId or by location, not both.',
        code: 'BAD_USER_INPUT',
      });
    });
  });

  describe("procedures offered at the client's address", () => {
    const brooklyn = { latitude: 40.6782, longitude: -73.9442 };
    const philadelphia = { latitude: 39.9526, longitude: -75.1652 };

    it('inside the service area lists only at-home procedures and add-ons', async () => {
      const home = await marketplace('1', { location: brooklyn });
      expect(names(home.procedures)).toEqual([
        "Myers' Cocktail",
        'Hydration Boost IV',
        'Immunity Defense IV',
        'NAD+ Infusion',
        'Hangover Rescue IV',
        'B12 Energy Shot',
        'Vitamin D3 Injection',
        'Lipo-C Fat Burner',
        'Athletic Recovery IV',
      ]);
      expect(names(home.categories)).toEqual(['IV Therapy', 'Vitamin Injections', 'Recovery']);
      expect(home.outsideServiceArea).toBe(false);
      const hangover = home.procedures.find((procedure) => procedure.name === 'Hangover Rescue IV');
      // Toradol is given in clinics only.
      expect(names(hangover?.addOnsFeatured ?? [])).toEqual(['Anti-Nausea']);
      expect(names(hangover?.addOnsOther ?? [])).toEqual(['Extra Fluids', 'Glutathione Push']);
    });

    it('outside the service area (Philadelphia, ~130 km away) lists no procedures and no categories', async () => {
      const away = await marketplace('1', { location: philadelphia });
      expect(away.procedures).toEqual([]);
      expect(away.categories).toEqual([]);
      // Said so, for the page to tell the client this address is not visited (not 'No Results').
      expect(away.outsideServiceArea).toBe(true);
      // Everything else about the marketplace is still there.
      expect(away.clinicOrganizations).toHaveLength(3);
    });

    it('lists nothing for a marketplace without at-home service', async () => {
      const nocturne = await marketplace('2', { location: { latitude: 40.7246, longitude: -73.9985 } });
      expect(nocturne.outsideServiceArea).toBe(true);
      expect(nocturne.procedures).toEqual([]);
      expect(nocturne.categories).toEqual([]);
    });

    it('refuses a latitude beyond 90 with BAD_USER_INPUT', async () => {
      const response = await postGraphQL(app, marketplaceQuery, {
        id: '1',
        procedures: { location: { latitude: 120, longitude: -74 } },
      });
      expect(onlyError(response)).toEqual({
        message: 'Latitude must be between -90 and 90.',
        code: 'BAD_USER_INPUT',
      });
    });
  });

  describe('marketplace id errors', () => {
    it.each(['abc', '0', '-1', '1.5', '', ' 1', '1e3'])(
      'a malformed id (%j) is BAD_USER_INPUT with a clear message, HTTP 200 and no stack trace',
      async (id) => {
        const response = await postGraphQL(app, marketplaceQuery, { id });
        expect(onlyError(response)).toEqual({
          message: 'Marketplace id must be a positive whole number.',
          code: 'BAD_USER_INPUT',
        });
      },
    );

    it.each(['999', '2147483648', '99999999999999'])(
      'an unknown id (%s) is NOT_FOUND, HTTP 200 and no stack trace',
      async (id) => {
        const response = await postGraphQL(app, marketplaceQuery, { id });
        expect(onlyError(response)).toEqual({
          message: `Marketplace ${id} was not found.`,
          code: 'NOT_FOUND',
        });
      },
    );
  });

  it('masks an unexpected failure as "Unexpected error." without internals, even in development', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const broken = await factory.create();
    try {
      await migrate(broken.database);
      const brokenApp = createApp({
        db: broken.database,
        config: { nodeEnv: 'development' },
        logging: false,
      });
      // A database that went away mid-flight is the typical unexpected failure.
      await broken.database.close();
      const response = await postGraphQL(brokenApp, marketplaceQuery, { id: '1' });
      expect(onlyError(response)).toEqual({ message: 'Unexpected error.', code: 'INTERNAL_SERVER_ERROR' });
      expect(response.text).not.toMatch(/closed|pool|PGlite/i);
    } finally {
      vi.unstubAllEnvs();
      await broken.dispose();
    }
  });
});
