import type { DemoMarketplace } from './demo-marketplace';

const manhattan = 101;
const chicago = 102;
const losAngeles = 103;
const allClinics = [manhattan, chicago, losAngeles];

const ivTherapy = 11;
const vitaminInjections = 12;
const aesthetics = 13;
const recovery = 14;

const antiNausea = 1101;
const glutathione = 1102;
const extraFluids = 1103;
const toradol = 1104;
const zinc = 1105;

const asset = (file: string) => `/assets/catalog/glow-mobile-iv/${file}.svg`;

/** Marketplace 1: mobile IV therapy around New York City plus three clinics in three time zones. */
export const glowMobileIv: DemoMarketplace = {
  group: { id: 1, name: 'Glow Mobile IV' },
  marketplace: {
    id: 1,
    name: 'Glow Mobile IV',
    logo: '/assets/marketplaces/glow-mobile-iv/logo.svg',
    favicon: '/assets/marketplaces/glow-mobile-iv/favicon.svg',
    primaryColor: '#38BDF8',
    navigationGroupId: null,
    providesAtHome: true,
    isLive: true,
    serviceAreaLatitude: 40.7128,
    serviceAreaLongitude: -74.006,
    serviceAreaRadiusKm: 60,
    serviceAreaZipCodes: [],
    travelFeeCents: 2500,
    hasPaymentPolicy: true,
    paymentPolicyName: 'Cancellation Policy',
    paymentPolicyText:
      'We understand plans change. Please cancel or reschedule at least 24 hours before your appointment ' +
      'so we can offer the time to another client. Cancellations made less than 24 hours before the ' +
      'appointment, and missed appointments, forfeit the deposit taken at booking. Late arrivals of more ' +
      'than 15 minutes may need to be rescheduled and are treated as a late cancellation.',
    requirePaymentPolicyAttestation: true,
    paymentCollectionMethod: 'collect_deposit',
    paymentDepositType: 'percentage',
    paymentDepositValue: 20,
    // The at-home line: clients call it to change or cancel a visit at their address.
    phone: '+12125550199',
  },
  clinics: [
    {
      id: manhattan,
      name: 'Glow Mobile IV Midtown Manhattan',
      address: '245 W 52nd St, New York, NY 10019',
      phone: '+12125550143',
      timeZone: 'America/New_York',
      latitude: 40.7634,
      longitude: -73.9843,
    },
    {
      id: chicago,
      name: 'Glow Mobile IV Chicago West Loop',
      address: '1000 W Fulton Market, Chicago, IL 60607',
      phone: '+13125550178',
      timeZone: 'America/Chicago',
      latitude: 41.8868,
      longitude: -87.6527,
    },
    {
      id: losAngeles,
      name: 'Glow Mobile IV West Hollywood',
      address: '8560 Sunset Blvd, West Hollywood, CA 90069',
      phone: '+13105550112',
      timeZone: 'America/Los_Angeles',
      latitude: 34.0907,
      longitude: -118.3793,
    },
  ],
  categories: [
    {
      id: ivTherapy,
      name: 'IV Therapy',
      description: 'Vitamins, minerals and fluids delivered straight to the bloodstream for fast results.',
      thumbnail: asset('iv-therapy'),
      banner: asset('iv-therapy-banner'),
    },
    {
      id: vitaminInjections,
      name: 'Vitamin Injections',
      description: 'Quick intramuscular shots for an energy, immunity or metabolism boost in minutes.',
      thumbnail: asset('vitamin-injections'),
    },
    {
      id: aesthetics,
      name: 'Aesthetics',
      description: 'Clinic-only treatments by licensed injectors and aestheticians.',
      thumbnail: asset('aesthetics'),
    },
    {
      id: recovery,
      name: 'Recovery',
      description: 'Bounce back faster after training, travel or a long week.',
      thumbnail: asset('recovery'),
    },
  ],
  procedures: [
    {
      id: 1001,
      categoryId: ivTherapy,
      name: "Myers' Cocktail",
      tagline: 'The classic all-round wellness drip',
      description:
        "Our most popular infusion, based on Dr. John Myers' original formula. A balanced blend of " +
        'B vitamins, vitamin C, magnesium and calcium that supports energy, immunity and overall wellness.',
      thumbnail: asset('myers-cocktail'),
      ingredients: ['Vitamin C', 'B-Complex', 'Vitamin B12', 'Magnesium', 'Calcium', 'Saline (1 L)'],
      prices: [19900],
      durations: [45],
      tags: ['popular', 'energy', 'immunity'],
      offeredAtHome: true,
      clinicIds: allClinics,
      addOns: { featured: [glutathione, extraFluids], other: [antiNausea, zinc] },
    },
    {
      id: 1002,
      categoryId: ivTherapy,
      name: 'Hydration Boost IV',
      tagline: 'Pure rehydration with electrolytes',
      description:
        'A full litre of balanced electrolyte fluids to rehydrate you faster than drinking water ever could. ' +
        'Ideal after travel, heat, illness or a demanding workout.',
      thumbnail: asset('hydration-boost'),
      ingredients: ["Lactated Ringer's (1 L)", 'Electrolytes'],
      prices: [14900],
      durations: [30],
      tags: ['hydration'],
      offeredAtHome: true,
      clinicIds: allClinics,
      addOns: { featured: [antiNausea, extraFluids], other: [toradol, zinc] },
    },
    {
      id: 1003,
      categoryId: ivTherapy,
      name: 'Immunity Defense IV',
      tagline: 'High-dose vitamin C and zinc when you need it most',
      description:
        'High-dose vitamin C, zinc and B vitamins to support your immune system during cold and flu season. ' +
        'A good choice before travel or at the first sign of feeling run down.',
      thumbnail: asset('immunity-defense'),
      ingredients: ['Vitamin C (10 g)', 'Zinc', 'B-Complex', 'Saline (1 L)'],
      prices: [21900],
      durations: [45],
      tags: ['immunity'],
      offeredAtHome: true,
      clinicIds: [manhattan, losAngeles],
      addOns: { featured: [zinc, glutathione], other: [extraFluids] },
    },
    {
      id: 1004,
      categoryId: ivTherapy,
      name: 'NAD+ Infusion',
      tagline: 'Cellular energy and mental clarity',
      description:
        'NAD+ is a coenzyme found in every cell and involved in energy production and repair. ' +
        'Infused slowly for comfort, it is popular for focus, recovery and healthy ageing. ' +
        'Choose a 250 mg or a 500 mg session.',
      thumbnail: asset('nad-infusion'),
      ingredients: ['NAD+ (250 mg or 500 mg)', 'Saline (500 mL)'],
      prices: [25000, 45000],
      durations: [60, 120],
      tags: ['focus', 'longevity'],
      offeredAtHome: true,
      clinicIds: [manhattan, chicago],
      addOns: { featured: [antiNausea], other: [glutathione, extraFluids] },
    },
    {
      id: 1005,
      categoryId: ivTherapy,
      name: 'Hangover Rescue IV',
      tagline: 'Feel human again in under an hour',
      description:
        'Fluids, electrolytes and B vitamins to rehydrate and restore, with anti-nausea and pain relief ' +
        'available as add-ons. Pick the standard or the extended drip.',
      thumbnail: asset('hangover-rescue'),
      ingredients: ['Saline (1 L)', 'B-Complex', 'Vitamin B12', 'Magnesium', 'Electrolytes'],
      prices: [17900, 22900],
      durations: [45, 60],
      tags: ['popular', 'hydration'],
      offeredAtHome: true,
      clinicIds: [manhattan, losAngeles],
      addOns: { featured: [antiNausea, toradol], other: [extraFluids, glutathione] },
    },
    {
      id: 1006,
      categoryId: vitaminInjections,
      name: 'B12 Energy Shot',
      tagline: 'A quick lift for energy and mood',
      description:
        'A fast intramuscular shot of methylcobalamin, the active form of vitamin B12. ' +
        'Supports energy, metabolism and mood, and takes only a few minutes.',
      thumbnail: asset('b12-energy-shot'),
      ingredients: ['Methylcobalamin (1,000 mcg)'],
      prices: [3500],
      durations: [10],
      tags: ['energy'],
      offeredAtHome: true,
      clinicIds: [manhattan, chicago],
    },
    {
      id: 1007,
      categoryId: vitaminInjections,
      name: 'Vitamin D3 Injection',
      tagline: 'The sunshine vitamin, all year round',
      description:
        'A single intramuscular dose of vitamin D3 to support bones, mood and immunity, ' +
        'especially through darker months. Effects build over the following weeks.',
      thumbnail: asset('vitamin-d3-injection'),
      ingredients: ['Cholecalciferol (Vitamin D3, 100,000 IU)'],
      prices: [4500],
      durations: [10],
      tags: ['immunity'],
      offeredAtHome: true,
      clinicIds: [manhattan, losAngeles],
    },
    {
      id: 1008,
      categoryId: vitaminInjections,
      name: 'Lipo-C Fat Burner',
      tagline: 'Lipotropic support for your metabolism',
      description:
        'A lipotropic blend of amino acids and B vitamins that supports fat metabolism and liver function. ' +
        'Works best alongside a healthy diet and regular exercise.',
      // Points at a file that does not exist, so the storefront's failing-image handling can be seen.
      thumbnail: '/assets/catalog/missing-thumbnail.svg',
      ingredients: ['Methionine', 'Inositol', 'Choline', 'L-Carnitine', 'Vitamin B12'],
      prices: [5500],
      durations: [15],
      tags: ['metabolism'],
      offeredAtHome: true,
      clinicIds: [manhattan, chicago],
    },
    {
      id: 1009,
      categoryId: aesthetics,
      name: 'Wrinkle Relaxer',
      tagline: 'Smooth expression lines, priced per area',
      description:
        'A neuromodulator treatment that softens forehead lines, frown lines and crow’s feet. ' +
        'Priced for one, two or three areas; results appear within 3 to 14 days and last about 3 months.',
      thumbnail: asset('wrinkle-relaxer'),
      ingredients: ['Botulinum toxin type A'],
      prices: [30000, 55000, 75000],
      durations: [30, 30, 30],
      tags: ['aesthetics'],
      offeredAtHome: false,
      clinicIds: [manhattan, losAngeles],
    },
    {
      id: 1010,
      categoryId: aesthetics,
      name: 'Hydrating Facial',
      tagline: 'Deep cleanse, exfoliation and hydration',
      description:
        'A multi-step facial that cleanses, exfoliates, extracts and infuses hydrating serums. ' +
        'Leaves skin plump and glowing with no downtime.',
      thumbnail: asset('hydrating-facial'),
      ingredients: ['Hyaluronic acid serum', 'Glycolic peel', 'Antioxidant blend'],
      prices: [16500],
      durations: [60],
      tags: ['skin'],
      offeredAtHome: false,
      clinicIds: [manhattan, losAngeles],
    },
    {
      id: 1011,
      categoryId: recovery,
      name: 'Athletic Recovery IV',
      tagline: 'Replenish and repair after hard training',
      description:
        'Amino acids, magnesium and B vitamins with a litre of fluids to reduce soreness and speed recovery. ' +
        'Designed with endurance athletes in mind.',
      thumbnail: asset('athletic-recovery'),
      ingredients: ['Amino acid blend', 'Magnesium', 'B-Complex', 'Vitamin C', "Lactated Ringer's (1 L)"],
      prices: [22900],
      durations: [60],
      tags: ['recovery', 'performance'],
      offeredAtHome: true,
      clinicIds: [manhattan, chicago],
      addOns: { featured: [toradol], other: [extraFluids, zinc] },
    },
    {
      id: 1012,
      categoryId: recovery,
      name: 'Cryo-Compression Therapy',
      tagline: 'Cold and compression for tired legs',
      description:
        'Combines targeted cold therapy with pneumatic compression to reduce swelling and muscle soreness. ' +
        'Choose a 30 or 60 minute session.',
      thumbnail: asset('cryo-compression'),
      ingredients: [],
      prices: [6500, 11000],
      durations: [30, 60],
      tags: ['recovery'],
      offeredAtHome: false,
      clinicIds: [chicago, losAngeles],
    },
    {
      id: antiNausea,
      isAddOn: true,
      name: 'Anti-Nausea',
      tagline: 'Settle your stomach',
      description: 'Ondansetron (Zofran) added to your drip to relieve nausea quickly.',
      thumbnail: asset('anti-nausea'),
      ingredients: ['Ondansetron (4 mg)'],
      prices: [2500],
      durations: [0],
      tags: [],
      offeredAtHome: true,
      clinicIds: allClinics,
    },
    {
      id: glutathione,
      isAddOn: true,
      name: 'Glutathione Push',
      tagline: 'The master antioxidant',
      description: 'A slow push of glutathione after your drip to support detox and skin brightness.',
      thumbnail: asset('glutathione-push'),
      ingredients: ['Glutathione (1,000 mg)'],
      prices: [4500],
      durations: [10],
      tags: ['skin'],
      offeredAtHome: true,
      clinicIds: [manhattan, chicago],
    },
    {
      id: extraFluids,
      isAddOn: true,
      name: 'Extra Fluids',
      tagline: 'An extra 500 mL of hydration',
      description: 'Add another 500 mL bag of saline for deeper rehydration.',
      thumbnail: asset('extra-fluids'),
      ingredients: ['Saline (500 mL)'],
      prices: [3500],
      durations: [15],
      tags: ['hydration'],
      offeredAtHome: true,
      clinicIds: allClinics,
    },
    {
      id: toradol,
      isAddOn: true,
      name: 'Toradol',
      tagline: 'Anti-inflammatory pain relief',
      description:
        'Ketorolac for headaches, cramps and muscle pain. Given in our clinics, where a clinician can monitor you.',
      thumbnail: asset('toradol'),
      ingredients: ['Ketorolac (30 mg)'],
      prices: [3000],
      durations: [5],
      tags: [],
      offeredAtHome: false,
      clinicIds: allClinics,
    },
    {
      id: zinc,
      isAddOn: true,
      name: 'Zinc',
      tagline: 'Extra immune support',
      description: 'A dose of zinc sulfate to support immune function and healing.',
      thumbnail: asset('zinc'),
      ingredients: ['Zinc sulfate (5 mg)'],
      prices: [2500],
      durations: [0],
      tags: ['immunity'],
      offeredAtHome: true,
      clinicIds: [manhattan, losAngeles],
    },
  ],
  checkoutNotes: [
    {
      id: 101,
      label: 'A few questions before your visit',
      type: 'HEADER',
      isRequired: false,
      options: null,
    },
    {
      id: 102,
      label: 'Any allergies we should know about?',
      type: 'TEXT',
      isRequired: true,
      options: { placeholder: 'For example: latex, iodine, none' },
    },
    {
      id: 103,
      label: 'How did you hear about us?',
      type: 'SELECT',
      isRequired: false,
      options: {
        placeholder: 'Choose one',
        values: ['Instagram', 'Google search', 'A friend or family member', 'Walked past a clinic', 'Other'],
      },
    },
    {
      id: 104,
      label: 'What are your goals?',
      type: 'MULTISELECT',
      isRequired: false,
      options: {
        placeholder: 'Choose all that apply',
        values: [
          'More energy',
          'Hydration',
          'Immune support',
          'Recovery after exercise',
          'Hangover relief',
          'Skin health',
        ],
      },
    },
    {
      id: 105,
      label: 'Is this your first IV treatment?',
      type: 'BOOLEAN',
      isRequired: false,
      options: null,
    },
    {
      id: 106,
      label: 'Preferred callback time',
      type: 'DATETIME',
      isRequired: false,
      options: { placeholder: 'When can our nurse call you?' },
    },
  ],
  remoteOverrides: [],
};
