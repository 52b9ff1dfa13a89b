import type { DemoCategory, DemoClinic, DemoMarketplace, DemoProcedure } from './demo-marketplace';

const injectables = 21;
const skin = 22;
const body = 23;

const numbingCream = 2101;
const ledTherapy = 2102;

const asset = (file: string) => `/assets/catalog/nocturne-aesthetics/${file}.svg`;

const clinics: DemoClinic[] = [
  {
    id: 201,
    name: 'Nocturne SoHo',
    address: '112 Prince St, New York, NY 10012',
    phone: '+16465550121',
    timeZone: 'America/New_York',
    latitude: 40.7246,
    longitude: -73.9985,
  },
  {
    id: 202,
    name: 'Nocturne Back Bay',
    address: '355 Newbury St, Boston, MA 02115',
    phone: '+16175550134',
    timeZone: 'America/New_York',
    latitude: 42.3484,
    longitude: -71.0871,
  },
  {
    id: 203,
    name: 'Nocturne Brickell',
    address: '1101 Brickell Ave, Miami, FL 33131',
    phone: '+13055550156',
    timeZone: 'America/New_York',
    latitude: 25.7635,
    longitude: -80.1918,
  },
  {
    id: 204,
    name: 'Nocturne Buckhead',
    address: '3500 Peachtree Rd NE, Atlanta, GA 30326',
    phone: '+14045550167',
    timeZone: 'America/New_York',
    latitude: 33.8513,
    longitude: -84.3627,
  },
  {
    id: 205,
    name: 'Nocturne Gold Coast',
    address: '900 N Michigan Ave, Chicago, IL 60611',
    phone: '+13125550189',
    timeZone: 'America/Chicago',
    latitude: 41.899,
    longitude: -87.6245,
  },
  {
    id: 206,
    name: 'Nocturne Uptown Dallas',
    address: '2500 McKinney Ave, Dallas, TX 75201',
    phone: '+12145550145',
    timeZone: 'America/Chicago',
    latitude: 32.7959,
    longitude: -96.8026,
  },
  {
    id: 207,
    name: 'Nocturne River Oaks',
    address: '2015 W Gray St, Houston, TX 77019',
    phone: '+17135550172',
    timeZone: 'America/Chicago',
    latitude: 29.7537,
    longitude: -95.4089,
  },
  {
    id: 208,
    name: 'Nocturne Cherry Creek',
    address: '250 Columbine St, Denver, CO 80206',
    phone: '+13035550118',
    timeZone: 'America/Denver',
    latitude: 39.7186,
    longitude: -104.9553,
  },
  {
    id: 209,
    name: 'Nocturne Scottsdale',
    address: '7014 E Camelback Rd, Scottsdale, AZ 85251',
    phone: '+14805550193',
    timeZone: 'America/Phoenix',
    latitude: 33.502,
    longitude: -111.929,
  },
  {
    id: 210,
    name: 'Nocturne Beverly Hills',
    address: '9570 Wilshire Blvd, Beverly Hills, CA 90212',
    phone: '+13105550164',
    timeZone: 'America/Los_Angeles',
    latitude: 34.0669,
    longitude: -118.4017,
  },
  {
    id: 211,
    name: 'Nocturne Capitol Hill',
    address: '1525 11th Ave, Seattle, WA 98122',
    phone: '+12065550127',
    timeZone: 'America/Los_Angeles',
    latitude: 47.6152,
    longitude: -122.3178,
  },
  {
    id: 212,
    name: 'Nocturne Ala Moana',
    address: '1450 Ala Moana Blvd, Honolulu, HI 96814',
    phone: '+18085550138',
    timeZone: 'Pacific/Honolulu',
    latitude: 21.2911,
    longitude: -157.8437,
  },
];

const everyClinic = clinics.map((clinic) => clinic.id);
const injectableClinics = everyClinic.filter((id) => id !== 212);
const bodyClinics = [201, 203, 205, 206, 208, 210];

const group = { id: 2, name: 'Nocturne Aesthetics' };

const marketplace: DemoMarketplace['marketplace'] = {
  id: 2,
  name: 'Nocturne Aesthetics',
  logo: '/assets/marketplaces/nocturne-aesthetics/logo.svg',
  favicon: '/assets/marketplaces/nocturne-aesthetics/favicon.svg',
  primaryColor: '#312E81',
  navigationGroupId: null,
  providesAtHome: false,
  isLive: true,
  serviceAreaLatitude: null,
  serviceAreaLongitude: null,
  serviceAreaRadiusKm: null,
  serviceAreaZipCodes: [],
  travelFeeCents: 0,
  hasPaymentPolicy: false,
  paymentPolicyName: null,
  paymentPolicyText: null,
  requirePaymentPolicyAttestation: false,
  paymentCollectionMethod: 'collect_on_confirmation',
  paymentDepositType: null,
  paymentDepositValue: null,
};

const categories: DemoCategory[] = [
  {
    id: injectables,
    name: 'Injectables',
    description: 'Neuromodulators and dermal fillers by board-certified injectors.',
    thumbnail: asset('injectables'),
  },
  {
    id: skin,
    name: 'Skin',
    description: 'Resurfacing and rejuvenating treatments for clearer, brighter skin.',
    thumbnail: asset('skin'),
  },
  {
    id: body,
    name: 'Body',
    description: 'Non-surgical contouring and laser treatments.',
    thumbnail: asset('body'),
  },
];

/** Neuromodulators and fillers, at every clinic but Ala Moana. */
const injectableProcedures: DemoProcedure[] = [
  {
    id: 2001,
    categoryId: injectables,
    name: 'Neurotoxin',
    tagline: 'Soften lines, priced per area',
    description:
      'Relaxes the muscles behind forehead lines, frown lines and crow’s feet for a smoother, rested look. ' +
      'Priced for one, two or three areas; results last three to four months.',
    thumbnail: asset('neurotoxin'),
    ingredients: ['Botulinum toxin type A'],
    prices: [32000, 58000, 79000],
    durations: [30, 30, 30],
    tags: ['popular'],
    offeredAtHome: false,
    clinicIds: injectableClinics,
  },
  {
    id: 2002,
    categoryId: injectables,
    name: 'Lip Filler',
    tagline: 'Natural-looking volume and definition',
    description:
      'Hyaluronic acid filler placed to add shape, hydration and balance to the lips. ' +
      'Choose a half or a full syringe; results last six to twelve months.',
    thumbnail: asset('lip-filler'),
    ingredients: ['Hyaluronic acid filler', 'Lidocaine'],
    prices: [65000, 120000],
    durations: [45, 60],
    tags: ['popular'],
    offeredAtHome: false,
    clinicIds: injectableClinics,
    addOns: { featured: [numbingCream], other: [] },
  },
  {
    id: 2003,
    categoryId: injectables,
    name: 'Cheek & Jawline Filler',
    tagline: 'Sculpt and lift',
    description:
      'Structural filler that restores volume in the cheeks and defines the jawline. ' +
      'Your injector maps a plan with you before treatment begins.',
    thumbnail: asset('cheek-jawline-filler'),
    ingredients: ['Hyaluronic acid filler', 'Lidocaine'],
    prices: [80000],
    durations: [60],
    tags: [],
    offeredAtHome: false,
    clinicIds: injectableClinics,
    addOns: { featured: [numbingCream], other: [] },
  },
];

/** Peels, microneedling and facials, at every clinic. */
const skinProcedures: DemoProcedure[] = [
  {
    id: 2004,
    categoryId: skin,
    name: 'Chemical Peel',
    tagline: 'Renew texture and tone',
    description:
      'A medical-grade peel that lifts dead skin cells to reveal smoother, more even skin. ' +
      'Expect light flaking for a few days afterwards.',
    thumbnail: asset('chemical-peel'),
    ingredients: ['Glycolic acid', 'Salicylic acid', 'Lactic acid'],
    prices: [18000],
    durations: [45],
    tags: [],
    offeredAtHome: false,
    clinicIds: everyClinic,
    addOns: { featured: [], other: [ledTherapy] },
  },
  {
    id: 2005,
    categoryId: skin,
    name: 'Microneedling with PRP',
    tagline: 'Collagen induction with your own growth factors',
    description:
      'Fine needles create micro-channels that trigger collagen production, while platelet-rich plasma ' +
      'from your own blood speeds healing. Improves scars, pores and fine lines over a series of sessions.',
    thumbnail: asset('microneedling-prp'),
    ingredients: ['Platelet-rich plasma', 'Hyaluronic acid serum'],
    prices: [45000],
    durations: [75],
    tags: [],
    offeredAtHome: false,
    clinicIds: everyClinic,
    addOns: { featured: [numbingCream], other: [ledTherapy] },
  },
  {
    id: 2006,
    categoryId: skin,
    name: 'Signature HydraFacial',
    tagline: 'Cleanse, extract and hydrate',
    description:
      'A vortex-suction facial that deep-cleans pores and infuses antioxidants and peptides. ' +
      'The deluxe version adds lymphatic drainage and a booster serum.',
    thumbnail: asset('signature-hydrafacial'),
    ingredients: ['Antioxidant serum', 'Peptide complex', 'Hyaluronic acid'],
    prices: [22500, 30000],
    durations: [60, 90],
    tags: ['popular'],
    offeredAtHome: false,
    clinicIds: everyClinic,
    addOns: { featured: [ledTherapy], other: [] },
  },
];

/** Contouring and laser hair removal, at the six clinics that offer body treatments. */
const bodyProcedures: DemoProcedure[] = [
  {
    id: 2007,
    categoryId: body,
    name: 'Body Contouring',
    tagline: 'Reduce stubborn fat, priced per area',
    description:
      'Controlled cooling targets fat cells that resist diet and exercise, with no needles and no downtime. ' +
      'Most clients see results after eight to twelve weeks.',
    thumbnail: asset('body-contouring'),
    ingredients: [],
    prices: [60000],
    durations: [60],
    tags: [],
    offeredAtHome: false,
    clinicIds: bodyClinics,
  },
  {
    id: 2008,
    categoryId: body,
    name: 'Laser Hair Removal',
    tagline: 'Smooth skin for good',
    description:
      'A diode laser disables hair follicles for long-lasting reduction. ' +
      'Priced for a small area (such as underarms) or a large area (such as full legs).',
    thumbnail: asset('laser-hair-removal'),
    ingredients: [],
    prices: [15000, 35000],
    durations: [20, 45],
    tags: [],
    offeredAtHome: false,
    clinicIds: bodyClinics,
  },
];

/** Add-ons: numbing cream before injections and needling, LED therapy after skin treatments. */
const addOns: DemoProcedure[] = [
  {
    id: numbingCream,
    isAddOn: true,
    name: 'Numbing Cream',
    tagline: 'For extra comfort',
    description: 'A topical anaesthetic applied 20 minutes before your treatment.',
    thumbnail: asset('numbing-cream'),
    ingredients: ['Lidocaine 23%', 'Tetracaine 7%'],
    prices: [2000],
    durations: [20],
    tags: [],
    offeredAtHome: false,
    clinicIds: everyClinic,
  },
  {
    id: ledTherapy,
    isAddOn: true,
    name: 'LED Light Therapy',
    tagline: 'Calm and heal',
    description: 'Red and blue light to calm redness and support healing after treatment.',
    thumbnail: asset('led-light-therapy'),
    ingredients: [],
    prices: [5000],
    durations: [20],
    tags: [],
    offeredAtHome: false,
    clinicIds: everyClinic,
  },
];

/**
 * Marketplace 2: a dark-branded, clinic-only aesthetics chain with twelve clinics, so the clinic
 * search box (shown above 8 clinics) and a tenant remote override can be exercised.
 */
export function nocturneAesthetics(options: { catalogOverrideEntry: string }): DemoMarketplace {
  return {
    group,
    marketplace,
    clinics,
    categories,
    procedures: [...injectableProcedures, ...skinProcedures, ...bodyProcedures, ...addOns],
    checkoutNotes: [],
    remoteOverrides: [{ remote: 'catalog', entry: options.catalogOverrideEntry }],
  };
}
