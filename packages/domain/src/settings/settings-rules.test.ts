import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../forms/field-rules';
import { brandContrast, brandContrastWarning } from './brand-contrast';
import {
  checkoutNoteRules,
  clinicRules,
  marketplaceDetailsRules,
  paymentSettingsRules,
  SETTINGS_MESSAGES,
  schedulingRules,
  serviceAreaRules,
} from './settings-rules';

describe('marketplace details', () => {
  it('upper-cases a #RRGGBB colour and refuses any other', () => {
    const ok = marketplaceDetailsRules.parse({
      name: ' Glow ',
      primaryColor: '#0e7490',
      logo: '/media/a.png',
    });
    expect(ok).toEqual({
      name: 'Glow',
      primaryColor: '#0E7490',
      logo: '/media/a.png',
      favicon: null,
      phone: null,
    });
    expect(fieldErrors(marketplaceDetailsRules, { name: 'Glow', primaryColor: '#abc' })).toEqual({
      primaryColor: SETTINGS_MESSAGES.color,
    });
  });
});

describe('brand contrast', () => {
  it('warns when even the better of white and dark text is hard to read, on the colour or its hover shade', () => {
    // A dark colour hovers lighter, and the theme puts dark text on that shade: both stay readable.
    expect(brandContrast('#0E7490')).toMatchObject({ hover: '#4acaed', low: false });
    expect(brandContrast('#0E7490').onHover).toBeGreaterThan(4.5);
    expect(brandContrastWarning('#0E7490')).toBeNull();
    // A mid grey reads badly with either text.
    expect(brandContrast('#7C7C7C').onColor).toBeLessThan(4.5);
    expect(brandContrastWarning('#7C7C7C')).toMatch(/hard to read on this colour \(4\.2:1 on the colour/);
    expect(brandContrastWarning('#4B0082')).toBeNull();
  });
});

describe('clinics', () => {
  const clinic = {
    name: 'Midtown',
    address: '245 W 52nd St, New York, NY 10019',
    latitude: 40.76,
    longitude: -73.98,
    phone: '(212) 555-0100',
    timeZone: 'America/New_York',
    openingHours: [{ weekday: 1, opens: '09:00', closes: '17:00' }],
  };
  it('gives an E.164 phone and keeps the hours', () => {
    expect(clinicRules.parse(clinic)).toMatchObject({
      phone: '+12125550100',
      openingHours: clinic.openingHours,
    });
  });
  it('refuses backwards, overlapping or malformed hours and unknown zones', () => {
    const hours = (openingHours: unknown) =>
      fieldErrors(clinicRules, { ...clinic, openingHours }).openingHours;
    expect(hours([{ weekday: 1, opens: '17:00', closes: '09:00' }])).toBe(SETTINGS_MESSAGES.openingOrder);
    expect(
      hours([
        { weekday: 2, opens: '09:00', closes: '12:00' },
        { weekday: 2, opens: '11:00', closes: '15:00' },
      ]),
    ).toBe(SETTINGS_MESSAGES.openingOverlap);
    expect(hours([{ weekday: 1, opens: '9am', closes: '17:00' }])).toBe(SETTINGS_MESSAGES.openingTime);
    expect(fieldErrors(clinicRules, { ...clinic, timeZone: 'Mars/Olympus' }).timeZone).toBeDefined();
  });
});

describe('service area', () => {
  const area = {
    providesAtHome: true,
    kind: 'radius',
    latitude: 40.7,
    longitude: -74,
    radiusKm: '25',
    zipCodes: [],
    travelFeeCents: '25.50',
  };
  it('keeps a circle, cents from dollars', () => {
    expect(serviceAreaRules.parse(area)).toEqual({
      providesAtHome: true,
      circle: { latitude: 40.7, longitude: -74, radiusKm: 25 },
      zipCodes: [],
      travelFeeCents: 2550,
    });
  });
  it('refuses at-home without an area, on the field that is missing', () => {
    expect(fieldErrors(serviceAreaRules, { ...area, latitude: null })).toEqual({
      latitude: SETTINGS_MESSAGES.centre,
    });
    expect(fieldErrors(serviceAreaRules, { ...area, kind: 'zip_codes', zipCodes: '' })).toEqual({
      zipCodes: SETTINGS_MESSAGES.zipCodes,
    });
    expect(fieldErrors(serviceAreaRules, { ...area, kind: 'zip_codes', zipCodes: '1001' }).zipCodes).toBe(
      SETTINGS_MESSAGES.zipCodes,
    );
    expect(
      serviceAreaRules.parse({ ...area, kind: 'zip_codes', zipCodes: '10001, 10002 10001' }).zipCodes,
    ).toEqual(['10001', '10002']);
  });
});

describe('scheduling and payments', () => {
  it('bounds the scheduling rules', () => {
    expect(
      fieldErrors(schedulingRules, {
        slotStepMinutes: 4,
        minimumNoticeMinutes: '60',
        bookingHorizonMonths: 25,
        clientChanges: 'phone',
        clientChangeCutoffHours: '24',
      }),
    ).toEqual({
      slotStepMinutes: SETTINGS_MESSAGES.slotStep,
      bookingHorizonMonths: SETTINGS_MESSAGES.bookingHorizon,
    });
  });
  it('takes online changes by clients with a cut-off of 1 to 168 whole hours', () => {
    const rules = { slotStepMinutes: 15, minimumNoticeMinutes: 120, bookingHorizonMonths: 12 };
    expect(
      schedulingRules.parse({ ...rules, clientChanges: 'online', clientChangeCutoffHours: '48' }),
    ).toEqual({ ...rules, clientChanges: 'online', clientChangeCutoffHours: 48 });
    expect(
      fieldErrors(schedulingRules, { ...rules, clientChanges: 'email', clientChangeCutoffHours: 169 }),
    ).toEqual({
      clientChanges: SETTINGS_MESSAGES.clientChanges,
      clientChangeCutoffHours: SETTINGS_MESSAGES.clientChangeCutoff,
    });
    expect(
      fieldErrors(schedulingRules, { ...rules, clientChanges: 'online', clientChangeCutoffHours: 1.5 }),
    ).toEqual({ clientChangeCutoffHours: SETTINGS_MESSAGES.clientChangeCutoff });
  });
  it('needs a deposit value of its type and a complete policy', () => {
    const base = {
      paymentCollectionMethod: 'collect_deposit',
      paymentDepositType: 'percentage',
      paymentDepositValue: 101,
      hasPaymentPolicy: true,
      paymentPolicyName: '',
      paymentPolicyText: 'Text',
      requirePaymentPolicyAttestation: true,
    };
    expect(fieldErrors(paymentSettingsRules, base)).toEqual({
      paymentDepositValue: SETTINGS_MESSAGES.depositPercent,
      paymentPolicyName: SETTINGS_MESSAGES.policyName,
    });
    expect(
      paymentSettingsRules.parse({
        ...base,
        paymentDepositType: 'fixed_amount',
        paymentDepositValue: '50',
        paymentPolicyName: 'P',
      }),
    ).toMatchObject({ paymentDepositValue: 5000 });
    expect(
      paymentSettingsRules.parse({
        ...base,
        paymentCollectionMethod: 'collect_on_site',
        hasPaymentPolicy: false,
        requirePaymentPolicyAttestation: false,
      }),
    ).toMatchObject({ paymentDepositType: null, paymentDepositValue: null, paymentPolicyName: null });
    // The console's form sends no deposit type as '' (a new marketplace has none).
    const onSite = {
      ...base,
      paymentCollectionMethod: 'collect_on_site',
      paymentDepositType: '',
      paymentDepositValue: '',
      hasPaymentPolicy: false,
      requirePaymentPolicyAttestation: false,
    };
    expect(fieldErrors(paymentSettingsRules, onSite)).toEqual({});
    expect(paymentSettingsRules.parse(onSite)).toMatchObject({ paymentDepositType: null });
    expect(
      fieldErrors(paymentSettingsRules, { ...onSite, paymentCollectionMethod: 'collect_deposit' }),
    ).toMatchObject({ paymentDepositType: SETTINGS_MESSAGES.depositType });
  });
});

describe('checkout questions', () => {
  it('needs choices for a choice question and never requires a heading', () => {
    expect(
      fieldErrors(checkoutNoteRules, { label: 'Q', type: 'SELECT', isRequired: false, values: '\n' }),
    ).toEqual({
      values: SETTINGS_MESSAGES.noteValues,
    });
    expect(
      fieldErrors(checkoutNoteRules, { label: 'H', type: 'HEADER', isRequired: true, values: [] }),
    ).toEqual({
      isRequired: SETTINGS_MESSAGES.noteHeaderRequired,
    });
    expect(
      checkoutNoteRules.parse({
        label: 'Q',
        type: 'MULTISELECT',
        isRequired: true,
        placeholder: 'x',
        values: 'a\nb\n',
      }),
    ).toEqual({
      label: 'Q',
      type: 'MULTISELECT',
      isRequired: true,
      options: { values: ['a', 'b'] },
    });
  });
});

describe('service area without at-home visits', () => {
  it('keeps no area rather than refusing an unfinished circle', () => {
    const area = {
      providesAtHome: false,
      kind: 'radius',
      latitude: null,
      longitude: null,
      radiusKm: '',
      zipCodes: [],
      travelFeeCents: 0,
    };
    expect(serviceAreaRules.parse(area)).toEqual({
      providesAtHome: false,
      circle: null,
      zipCodes: [],
      travelFeeCents: 0,
    });
  });
});
