// The settings section's API: each change takes effect (also in the public marketplace query),
// is refused with the field's message before the database's checks, is written to the activity log,
// and is the owner's only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';

const settingsFields = `marketplaceId
  details { name phone logo favicon primaryColor }
  clinics { id name address phone timeZone latitude longitude openingHours { weekday opens closes } inUse }
  serviceArea { providesAtHome kind latitude longitude radiusKm zipCodes travelFeeCents }
  schedulingRules { slotStepMinutes minimumNoticeMinutes bookingHorizonMonths clientChanges clientChangeCutoffHours }
  paymentSettings { hasPaymentPolicy paymentPolicyName paymentPolicyText requirePaymentPolicyAttestation
    paymentCollectionMethod paymentDepositType paymentDepositValue noShowFeeCents }
  checkoutNotes { id index label type isRequired options { placeholder values } }`;

const op = {
  read: `query($marketplaceId: ID!) { staffSettings(marketplaceId: $marketplaceId) { ${settingsFields} } }`,
  details: `mutation($marketplaceId: ID!, $input: StaffMarketplaceDetailsInput!) {
    staffUpdateMarketplaceDetails(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  createClinic: `mutation($marketplaceId: ID!, $input: StaffClinicInput!) {
    staffCreateClinic(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  updateClinic: `mutation($marketplaceId: ID!, $id: ID!, $input: StaffClinicInput!) {
    staffUpdateClinic(marketplaceId: $marketplaceId, id: $id, input: $input) { ${settingsFields} } }`,
  removeClinic: `mutation($marketplaceId: ID!, $id: ID!) {
    staffRemoveClinic(marketplaceId: $marketplaceId, id: $id) { ${settingsFields} } }`,
  reorderClinics: `mutation($marketplaceId: ID!, $ids: [ID!]!) {
    staffReorderClinics(marketplaceId: $marketplaceId, ids: $ids) { ${settingsFields} } }`,
  serviceArea: `mutation($marketplaceId: ID!, $input: StaffServiceAreaInput!) {
    staffUpdateServiceArea(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  scheduling: `mutation($marketplaceId: ID!, $input: StaffSchedulingRulesInput!) {
    staffUpdateSchedulingRules(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  payments: `mutation($marketplaceId: ID!, $input: StaffPaymentSettingsInput!) {
    staffUpdatePaymentSettings(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  createNote: `mutation($marketplaceId: ID!, $input: StaffCheckoutNoteInput!) {
    staffCreateCheckoutNote(marketplaceId: $marketplaceId, input: $input) { ${settingsFields} } }`,
  updateNote: `mutation($marketplaceId: ID!, $id: ID!, $input: StaffCheckoutNoteInput!) {
    staffUpdateCheckoutNote(marketplaceId: $marketplaceId, id: $id, input: $input) { ${settingsFields} } }`,
  removeNote: `mutation($marketplaceId: ID!, $id: ID!) {
    staffRemoveCheckoutNote(marketplaceId: $marketplaceId, id: $id) { ${settingsFields} } }`,
  reorderNotes: `mutation($marketplaceId: ID!, $ids: [ID!]!) {
    staffReorderCheckoutNotes(marketplaceId: $marketplaceId, ids: $ids) { ${settingsFields} } }`,
} as const;

const publicMarketplace = `query($id: ID!) { marketplace(id: $id) {
  name logo primaryColor providesAtHome clinicOrganizations { id name phone openingHours { weekday opens closes } }
  checkoutNotes { id index label type isRequired options { placeholder values } }
  paymentSettings { paymentCollectionMethod paymentDepositType paymentDepositValue hasPaymentPolicy }
} }`;

interface Settings {
  details: { name: string; phone: string | null; logo: string | null; primaryColor: string };
  clinics: { id: string; name: string; phone: string; openingHours: unknown[]; inUse: boolean }[];
  serviceArea: { providesAtHome: boolean; kind: string | null; zipCodes: string[]; travelFeeCents: number };
  schedulingRules: {
    slotStepMinutes: number;
    minimumNoticeMinutes: number;
    bookingHorizonMonths: number;
    clientChanges: string;
    clientChangeCutoffHours: number;
  };
  paymentSettings: Record<string, unknown>;
  checkoutNotes: { id: string; index: number; label: string; type: string; isRequired: boolean }[];
}

const details = {
  name: 'Glow Studio',
  phone: '(212) 555-0199',
  logo: '/media/logo.png',
  favicon: null,
  primaryColor: '#0e7490',
};
const clinic = {
  name: 'Glow Brooklyn',
  address: '100 Atlantic Ave, Brooklyn, NY 11201',
  latitude: 40.69,
  longitude: -73.99,
  phone: '718 555 0100',
  timeZone: 'America/New_York',
  openingHours: [
    { weekday: 1, opens: '09:00', closes: '13:00' },
    { weekday: 1, opens: '14:00', closes: '18:00' },
  ],
};
const serviceArea = {
  providesAtHome: true,
  kind: 'zip_codes',
  zipCodes: ['11201', '10001'],
  travelFeeCents: 1500,
};
const scheduling = {
  slotStepMinutes: 30,
  minimumNoticeMinutes: 60,
  bookingHorizonMonths: 6,
  clientChanges: 'online',
  clientChangeCutoffHours: 48,
};
const payments = {
  paymentCollectionMethod: 'collect_deposit',
  paymentDepositType: 'fixed_amount',
  paymentDepositValue: 2500,
  hasPaymentPolicy: true,
  paymentPolicyName: 'Cancellation policy',
  paymentPolicyText: 'Cancel 24 hours ahead.',
  requirePaymentPolicyAttestation: true,
  noShowFeeCents: 2500,
};
const note = {
  label: 'Preferred pronouns',
  type: 'SELECT',
  isRequired: true,
  placeholder: 'Choose',
  values: ['she', 'he', 'they'],
};

describe.each(testDatabases)('settings on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;
  const others = {} as Record<
    'frontDesk' | 'practitioner' | 'client' | 'signedOut' | 'otherOwner',
    TestBrowser
  >;

  const call = async (browser: TestBrowser, name: keyof typeof op, variables: Record<string, unknown>) => {
    const response = await browser.post<Record<string, Settings>>(op[name], {
      marketplaceId: '80',
      ...variables,
    });
    const error = response.body.errors?.[0];
    return {
      data: response.body.data ? (Object.values(response.body.data)[0] as Settings) : undefined,
      error: error ? { code: error.extensions?.code, message: error.message } : undefined,
    };
  };
  const ok = async (name: keyof typeof op, variables: Record<string, unknown> = {}) => {
    const { data, error } = await call(owner, name, variables);
    expect(error).toBeUndefined();
    return data as Settings;
  };
  const refused = async (name: keyof typeof op, variables: Record<string, unknown>) =>
    (await call(owner, name, variables)).error;
  const publicView = async () =>
    (
      await new TestBrowser(context.app).data<{ marketplace: Record<string, unknown> }>(publicMarketplace, {
        id: '80',
      })
    ).marketplace;
  const logRows = (action: string) =>
    context.sql<{ actor: string; subject: string; before: unknown; after: unknown }>(
      'select actor, subject, before, after from activity_log where marketplace_id = 80 and action = $1 order by id',
      [action],
    );

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    owner = await signedInStaff(context, { marketplaceId: 80, email: 'owner@settings.test', role: 'owner' });
    others.frontDesk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@settings.test',
      role: 'front_desk',
    });
    others.practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@settings.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    others.otherOwner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'owner81@settings.test',
      role: 'owner',
    });
    ({ browser: others.client } = await signedInClient(context.app, '80', 'client@settings.test'));
    others.signedOut = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  it('reads the settings, with the scheduling defaults when none were set', async () => {
    const settings = await ok('read');
    expect(settings.details).toMatchObject({ name: 'Checkout Test 80', primaryColor: '#123456', logo: null });
    expect(settings.clinics).toEqual([
      expect.objectContaining({ id: '801', openingHours: [], inUse: false }),
    ]);
    expect(settings.serviceArea).toMatchObject({
      providesAtHome: true,
      kind: 'radius',
      travelFeeCents: 2500,
    });
    expect(settings.schedulingRules).toEqual({
      slotStepMinutes: 15,
      minimumNoticeMinutes: 120,
      bookingHorizonMonths: 12,
      // Clients change visits by phone until the owner says otherwise (the spec's default).
      clientChanges: 'phone',
      clientChangeCutoffHours: 24,
    });
    expect(settings.checkoutNotes.map((item) => item.id)).toEqual(['8001', '8002', '8003']);
  });

  it('changes details and branding, shown to clients and logged with before and after', async () => {
    expect(await refused('details', { input: { ...details, primaryColor: 'teal' } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Enter the colour as #RRGGBB, e.g. #0E7490.',
    });
    expect((await refused('details', { input: { ...details, logo: 'ftp://x' } }))?.code).toBe(
      'BAD_USER_INPUT',
    );
    const settings = await ok('details', { input: details });
    expect(settings.details).toEqual({ ...details, phone: '+12125550199', primaryColor: '#0E7490' });
    expect(await publicView()).toMatchObject({
      name: 'Glow Studio',
      logo: '/media/logo.png',
      primaryColor: '#0E7490',
    });
    const [row] = await logRows('settings.details.update');
    expect(row).toMatchObject({
      actor: 'owner@settings.test',
      subject: 'Details and branding',
      before: expect.objectContaining({ name: 'Checkout Test 80', primaryColor: '#123456' }),
      after: expect.objectContaining({ name: 'Glow Studio', primaryColor: '#0E7490' }),
    });
  });

  it('adds, changes, orders and removes clinics; refuses bad input and removing a booked clinic', async () => {
    expect(await refused('createClinic', { input: { ...clinic, phone: '12' } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Enter a valid phone number.',
    });
    expect(
      (
        await refused('createClinic', {
          input: { ...clinic, openingHours: [{ weekday: 1, opens: '10:00', closes: '09:00' }] },
        })
      )?.message,
    ).toBe('Closing time must be after opening time.');
    expect((await refused('createClinic', { input: { ...clinic, timeZone: 'Nowhere/City' } }))?.code).toBe(
      'BAD_USER_INPUT',
    );
    const created = await ok('createClinic', { input: clinic });
    const added = created.clinics[1];
    expect(added).toMatchObject({
      name: 'Glow Brooklyn',
      phone: '+17185550100',
      openingHours: clinic.openingHours,
    });
    const updated = await ok('updateClinic', {
      id: added?.id,
      input: {
        ...clinic,
        name: 'Glow DUMBO',
        openingHours: [{ weekday: 7, opens: '10:00', closes: '24:00' }],
      },
    });
    expect(updated.clinics[1]).toMatchObject({
      name: 'Glow DUMBO',
      openingHours: [{ weekday: 7, opens: '10:00', closes: '24:00' }],
    });
    const shownClinic = (
      (await publicView()).clinicOrganizations as { id: string; openingHours: unknown }[]
    ).find((item) => item.id === added?.id);
    expect(shownClinic?.openingHours).toEqual([{ weekday: 7, opens: '10:00', closes: '24:00' }]);
    expect((await refused('reorderClinics', { ids: [added?.id] }))?.message).toBe(
      'The order must list every clinic of the marketplace once.',
    );
    const reordered = await ok('reorderClinics', { ids: [added?.id, '801'] });
    expect(reordered.clinics.map((item) => item.id)).toEqual([added?.id, '801']);
    expect(((await publicView()).clinicOrganizations as { id: string }[]).map((item) => item.id)).toEqual([
      added?.id,
      '801',
    ]);
    await context.sql(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
         values (80, 801, 801, now() + interval '40 days', now() + interval '40 days 1 hour', 'BOOKED')`,
    );
    expect(await refused('removeClinic', { id: '801' })).toEqual({
      code: 'CLINIC_IN_USE',
      message: 'This clinic has appointments or requests, so it cannot be removed.',
    });
    expect((await refused('removeClinic', { id: '811' }))?.code).toBe('NOT_FOUND');
    const removed = await ok('removeClinic', { id: added?.id });
    expect(removed.clinics.map((item) => item.id)).toEqual(['801']);
    expect(removed.clinics[0]?.inUse).toBe(true);
    expect((await logRows('settings.clinic.create'))[0]?.after).toMatchObject({ name: 'Glow Brooklyn' });
    expect((await logRows('settings.clinic.update'))[0]).toMatchObject({
      before: expect.objectContaining({ name: 'Glow Brooklyn' }),
      after: expect.objectContaining({ name: 'Glow DUMBO' }),
    });
    expect((await logRows('settings.clinic.reorder'))[0]?.after).toEqual([added?.id, '801']);
    expect((await logRows('settings.clinic.remove'))[0]).toMatchObject({ after: null });
  });

  it('sets the at-home area and refuses at-home without one', async () => {
    expect(await refused('serviceArea', { input: { ...serviceArea, zipCodes: [] } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Enter 5-digit ZIP codes separated by commas.',
    });
    expect(
      (
        await refused('serviceArea', {
          input: { ...serviceArea, kind: 'radius', latitude: 40.7, longitude: -74 },
        })
      )?.message,
    ).toBe('Radius must be more than 0 and at most 500 km.');
    expect((await refused('serviceArea', { input: { ...serviceArea, travelFeeCents: -1 } }))?.message).toBe(
      'Travel fee must be an amount of $0.00 or more, e.g. 25.00.',
    );
    const settings = await ok('serviceArea', { input: serviceArea });
    expect(settings.serviceArea).toEqual({
      providesAtHome: true,
      kind: 'zip_codes',
      latitude: null,
      longitude: null,
      radiusKm: null,
      zipCodes: ['11201', '10001'],
      travelFeeCents: 1500,
    });
    const [row] = await logRows('settings.service-area.update');
    expect(row?.before).toMatchObject({ kind: 'radius', travelFeeCents: 2500 });
  });

  it('sets the scheduling rules within their bounds', async () => {
    expect(await refused('scheduling', { input: { ...scheduling, slotStepMinutes: 1 } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Slot step must be a whole number of minutes from 5 to 240.',
    });
    expect(await refused('scheduling', { input: { ...scheduling, clientChangeCutoffHours: 169 } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Cut-off must be a whole number of hours from 1 to 168 (7 days).',
    });
    expect((await ok('scheduling', { input: scheduling })).schedulingRules).toEqual(scheduling);
    expect(
      (await ok('scheduling', { input: { ...scheduling, bookingHorizonMonths: 3 } })).schedulingRules
        .bookingHorizonMonths,
    ).toBe(3);
    const logged = await logRows('settings.scheduling.update');
    expect(logged.map((row) => row.before)).toEqual([
      {
        slotStepMinutes: 15,
        minimumNoticeMinutes: 120,
        bookingHorizonMonths: 12,
        clientChanges: 'phone',
        clientChangeCutoffHours: 24,
      },
      scheduling,
    ]);
    expect(logged[0]?.after).toMatchObject({ clientChanges: 'online', clientChangeCutoffHours: 48 });
  });

  it('sets the payment settings as the database allows them, shown to clients', async () => {
    expect(
      await refused('payments', {
        input: { ...payments, paymentDepositType: 'percentage', paymentDepositValue: 150 },
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Deposit must be a whole percentage from 1 to 100.',
    });
    expect((await refused('payments', { input: { ...payments, paymentPolicyText: ' ' } }))?.message).toBe(
      'Policy text is required when the marketplace has a payment policy.',
    );
    expect((await refused('payments', { input: { ...payments, noShowFeeCents: 0 } }))?.message).toBe(
      'No-show fee must be an amount of more than $0.00, e.g. 25.00, or empty for none.',
    );
    expect((await refused('payments', { input: { ...payments, hasPaymentPolicy: false } }))?.message).toBe(
      'Clients can only be asked to agree to a payment policy the marketplace has.',
    );
    const settings = await ok('payments', { input: payments });
    expect(settings.paymentSettings).toEqual(payments);
    expect((await publicView()).paymentSettings).toEqual({
      paymentCollectionMethod: 'collect_deposit',
      paymentDepositType: 'fixed_amount',
      paymentDepositValue: 2500,
      hasPaymentPolicy: true,
    });
    const onSite = await ok('payments', {
      input: { ...payments, paymentCollectionMethod: 'collect_on_site', paymentDepositValue: 10 },
    });
    expect(onSite.paymentSettings).toMatchObject({ paymentDepositType: null, paymentDepositValue: null });
    expect((await logRows('settings.payments.update'))[0]?.before).toMatchObject({
      paymentCollectionMethod: 'collect_on_site',
    });
  });

  it('adds, changes, orders and removes checkout questions, shown to clients in order', async () => {
    expect(await refused('createNote', { input: { ...note, values: [] } })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Add at least one choice for a choice question.',
    });
    expect((await refused('createNote', { input: { ...note, type: 'HEADER' } }))?.message).toBe(
      'A heading cannot be required.',
    );
    expect((await refused('createNote', { input: { ...note, label: ' ' } }))?.message).toBe(
      'Question is required.',
    );
    const created = await ok('createNote', { input: note });
    const added = created.checkoutNotes[3];
    expect(added).toMatchObject({ index: 3, label: 'Preferred pronouns', type: 'SELECT', isRequired: true });
    const updated = await ok('updateNote', {
      id: added?.id,
      input: { ...note, type: 'HEADER', isRequired: false, label: 'About you' },
    });
    expect(updated.checkoutNotes[3]).toMatchObject({
      label: 'About you',
      type: 'HEADER',
      isRequired: false,
      options: { values: [], placeholder: null },
    });
    expect((await refused('reorderNotes', { ids: ['8001', '8002'] }))?.code).toBe('BAD_USER_INPUT');
    const reordered = await ok('reorderNotes', { ids: [added?.id, '8003', '8001', '8002'] });
    expect(reordered.checkoutNotes.map((item) => [item.id, item.index])).toEqual([
      [added?.id, 0],
      ['8003', 1],
      ['8001', 2],
      ['8002', 3],
    ]);
    const removed = await ok('removeNote', { id: '8003' });
    expect(removed.checkoutNotes.map((item) => [item.id, item.index])).toEqual([
      [added?.id, 0],
      ['8001', 1],
      ['8002', 2],
    ]);
    const shown = (await publicView()).checkoutNotes as { id: string; label: string }[];
    expect(shown.map((item) => item.label)).toEqual([
      'About you',
      'Any allergies?',
      'How did you hear about us?',
    ]);
    expect((await refused('updateNote', { id: '8003', input: note }))?.code).toBe('NOT_FOUND');
    expect((await logRows('settings.checkout-note.remove'))[0]?.before).toMatchObject({
      label: 'First visit?',
    });
    expect((await logRows('settings.checkout-note.create')).length).toBe(1);
  });

  it('is the owner’s only: other roles, clients and other marketplaces’ owners are refused', async () => {
    const calls: [keyof typeof op, Record<string, unknown>][] = [
      ['read', {}],
      ['details', { input: details }],
      ['createClinic', { input: clinic }],
      ['updateClinic', { id: '801', input: clinic }],
      ['removeClinic', { id: '801' }],
      ['reorderClinics', { ids: ['801'] }],
      ['serviceArea', { input: serviceArea }],
      ['scheduling', { input: scheduling }],
      ['payments', { input: payments }],
      ['createNote', { input: note }],
      ['updateNote', { id: '8001', input: note }],
      ['removeNote', { id: '8001' }],
      ['reorderNotes', { ids: ['8001'] }],
    ];
    const before = await ok('read');
    const revision = async () =>
      (await context.sql<{ revision: number }>('select revision from marketplaces where id = 80'))[0]
        ?.revision;
    const revisionBefore = await revision();
    for (const [who, browser] of Object.entries(others)) {
      for (const [name, variables] of calls) {
        const { error } = await call(browser, name, variables);
        expect(error?.code, `${who} ${name}`).toBe(who === 'signedOut' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      }
    }
    expect(await ok('read')).toEqual(before);
    expect(await revision()).toBe(revisionBefore);
  });
});
