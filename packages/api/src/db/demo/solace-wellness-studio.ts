import type { DemoMarketplace } from './demo-marketplace';

const denver = 301;
const massage = 31;
const wellness = 32;
const aromatherapy = 3101;

const asset = (file: string) => `/assets/catalog/solace-wellness-studio/${file}.svg`;

/** Marketplace 3: a single studio, so the storefront selects its one clinic automatically. */
export const solaceWellnessStudio: DemoMarketplace = {
  group: { id: 3, name: 'Solace Wellness' },
  marketplace: {
    id: 3,
    name: 'Solace Wellness Studio',
    logo: '/assets/marketplaces/solace-wellness-studio/logo.svg',
    favicon: '/assets/marketplaces/solace-wellness-studio/favicon.svg',
    primaryColor: '#F59E0B',
    navigationGroupId: null,
    providesAtHome: false,
    isLive: true,
    serviceAreaLatitude: null,
    serviceAreaLongitude: null,
    serviceAreaRadiusKm: null,
    serviceAreaZipCodes: [],
    travelFeeCents: 0,
    hasPaymentPolicy: true,
    paymentPolicyName: 'Booking Policy',
    paymentPolicyText:
      'Nothing is charged when you book: you pay at the studio at the time of your appointment. Please ' +
      'give us at least 24 hours notice to reschedule or cancel so we can offer the time to another guest.',
    requirePaymentPolicyAttestation: false,
    // Each demo marketplace collects differently, so checkout shows each of its payment captions:
    // 1 a percentage deposit, 2 the full total on confirmation, 3 nothing until the visit.
    paymentCollectionMethod: 'collect_on_site',
    paymentDepositType: null,
    paymentDepositValue: null,
  },
  clinics: [
    {
      id: denver,
      name: 'Solace Wellness Studio RiNo',
      address: '2736 Welton St, Denver, CO 80205',
      phone: '+17205550190',
      timeZone: 'America/Denver',
      latitude: 39.7557,
      longitude: -104.9782,
    },
  ],
  categories: [
    {
      id: massage,
      name: 'Massage & Bodywork',
      description: 'Hands-on therapies to release tension and restore movement.',
      thumbnail: asset('massage-bodywork'),
    },
    {
      id: wellness,
      name: 'Wellness Therapies',
      description: 'Heat, float and recovery sessions to reset body and mind.',
      thumbnail: asset('wellness-therapies'),
    },
  ],
  procedures: [
    {
      id: 3001,
      categoryId: massage,
      name: 'Swedish Massage',
      tagline: 'Long, flowing strokes to relax',
      description:
        'A gentle full-body massage that eases muscle tension and calms the nervous system. ' +
        'Perfect for a first visit or a pure relaxation session.',
      thumbnail: asset('swedish-massage'),
      ingredients: ['Organic sweet almond oil'],
      prices: [9500, 13500],
      durations: [60, 90],
      tags: ['relaxation'],
      offeredAtHome: false,
      clinicIds: [denver],
      addOns: { featured: [aromatherapy], other: [] },
    },
    {
      id: 3002,
      categoryId: massage,
      name: 'Deep Tissue Massage',
      tagline: 'Firm pressure for knots and chronic tension',
      description:
        'Slow, focused pressure that works into deeper layers of muscle and fascia. ' +
        'Recommended for chronic tightness, desk posture and training recovery.',
      thumbnail: asset('deep-tissue-massage'),
      ingredients: ['Arnica massage balm'],
      prices: [11000, 15500],
      durations: [60, 90],
      tags: ['recovery'],
      offeredAtHome: false,
      clinicIds: [denver],
      addOns: { featured: [], other: [aromatherapy] },
    },
    {
      id: 3003,
      categoryId: massage,
      name: 'Cupping Therapy',
      tagline: 'Release tight fascia',
      description:
        'Silicone and glass cups create gentle suction to lift fascia and boost circulation. ' +
        'Temporary circular marks are normal and fade within a week.',
      thumbnail: asset('cupping-therapy'),
      ingredients: [],
      prices: [8500],
      durations: [50],
      tags: [],
      offeredAtHome: false,
      clinicIds: [denver],
    },
    {
      id: 3004,
      categoryId: wellness,
      name: 'Infrared Sauna Session',
      tagline: 'Gentle heat that goes deep',
      description:
        'A private full-spectrum infrared sauna suite with chromotherapy lighting. ' +
        'Supports circulation, relaxation and post-workout recovery.',
      thumbnail: asset('infrared-sauna'),
      ingredients: [],
      prices: [4500],
      durations: [45],
      tags: ['recovery'],
      offeredAtHome: false,
      clinicIds: [denver],
    },
    {
      id: 3005,
      categoryId: wellness,
      name: 'Float Therapy',
      tagline: 'Weightless, silent, restorative',
      description:
        'Float effortlessly in body-temperature water saturated with Epsom salt in a private float suite. ' +
        'Reduced sensory input helps the body and mind deeply unwind.',
      thumbnail: asset('float-therapy'),
      ingredients: ['Epsom salt (magnesium sulfate)'],
      prices: [7500],
      durations: [60],
      tags: ['relaxation'],
      offeredAtHome: false,
      clinicIds: [denver],
    },
    {
      id: aromatherapy,
      isAddOn: true,
      name: 'Aromatherapy',
      tagline: 'Essential oils chosen for you',
      description: 'A custom blend of essential oils worked into your massage.',
      thumbnail: asset('aromatherapy'),
      ingredients: ['Lavender oil', 'Eucalyptus oil', 'Bergamot oil'],
      prices: [1500],
      durations: [0],
      tags: [],
      offeredAtHome: false,
      clinicIds: [denver],
    },
  ],
  checkoutNotes: [
    {
      id: 301,
      label: 'Anything your therapist should know (injuries, pregnancy, pressure preference)?',
      type: 'TEXT',
      isRequired: false,
      options: { placeholder: 'Optional' },
    },
  ],
  remoteOverrides: [],
};
