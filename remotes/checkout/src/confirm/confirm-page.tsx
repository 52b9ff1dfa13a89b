import { dueNow, type FormValues, formatUsPhone } from '@atrium/domain';
import { serverMessage, useMarketplace } from '@atrium/graphql-client';
import { useCheckoutSummary, useSavedCards } from '@atrium/graphql-client/checkout';
import { useViewer, type ViewerProfile } from '@atrium/graphql-client/identity';
import { Navigate, Link as RouterLink, useNavigate, useParams } from '@atrium/navigation';
import {
  ApplePayButton,
  applePayPaymentRequest,
  type CardCollector,
  CardEntryForm,
  useApplePay,
} from '@atrium/payment-forms';
import {
  $appliedPromo,
  $checkoutNotes,
  $checkoutNotesExpanded,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  $user,
  $userEmail,
  isClinicLocation,
} from '@atrium/stores';
import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Heading,
  Link,
  PageHeading,
  Skeleton,
  Stack,
  Text,
} from '@atrium/ui';
import { FormEngine, useFormEngine } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import { rememberRequest } from '../success/last-request';
import { applePayCard } from './apple-pay-card';
import { BookingDetails } from './booking-details';
import { dateRangesFor, marketingConsents, requestProcedures } from './booking-payload';
import { checkoutNoteAnswers, checkoutNotesGroups } from './checkout-notes-form';
import { PaymentPolicy } from './payment-policy';
import { personalFormGroups } from './personal-form';
import { PromoCodeField } from './promo-code-field';
import { defaultPaymentChoice, NEW_CARD, type PaymentChoice, SavedCards } from './saved-cards';
import { DueNow, SummaryLines } from './summary-lines';
import { type TipChoice, TipSelector, tipCents } from './tip-selector';
import { useConfirmGuard } from './use-confirm-guard';
import { type SubmitParts, useSubmitBooking } from './use-submit-booking';

/** Spec 8: when the summary cannot be had and the server says nothing better. */
export const SUMMARY_FAILED = 'Unable to calculate checkout summary. Please try again or contact support.';

/** A stored yyyy-MM-dd birth date as the date field shows it (MM/DD/YYYY). */
const birthDateInput = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
};

/** /confirm: the summary, tip, promo, policy, personal details, notes, payment and submit (spec 2). */
export function ConfirmPage() {
  const target = useConfirmGuard();
  const location = useStore($selectedLocation);
  const navigate = useNavigate();
  // Success empties the cart on its way to /success: that is no reason to go back to /services.
  const booked = useRef(false);
  const { marketplaceId = '' } = useParams();
  const user = useStore($user);
  const mgId = useMarketplace(marketplaceId).data?.mgId;
  // A signed-in client's details come from their profile: wait for it before the form starts.
  const viewer = useViewer(user ? mgId : null);
  if (target && !booked.current) return <Navigate to={`../${target}`} replace />;
  if (!location || (user && !viewer.data && !viewer.isError)) return <Skeleton height="60" />;
  return (
    <Confirm
      profile={viewer.data?.profile ?? null}
      onBooked={(request) => {
        booked.current = true;
        // Kept before leaving, so /success (and a reload of it) can recap what was sent.
        rememberRequest({ marketplaceId, userId: user?.id ?? null }, request);
        navigate('../success');
      }}
    />
  );
}

interface ConfirmProps {
  /** The signed-in client's profile, which fills their details in; null for a guest. */
  profile: ViewerProfile | null;
  onBooked: SubmitParts['onBooked'];
}

function Confirm({ profile, onBooked }: ConfirmProps) {
  const { marketplaceId = '' } = useParams();
  const marketplace = useMarketplace(marketplaceId).data;
  const cart = useStore($selectedProcedures);
  const location = useStore($selectedLocation);
  const dateTime = useStore($selectedDateTime);
  const waitlist = useStore($selectedWaitlist);
  const promo = useStore($appliedPromo);
  const user = useStore($user);
  const notes = useStore($checkoutNotes);
  const notesExpanded = useStore($checkoutNotesExpanded);

  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [agreed, setAgreed] = useState(false);
  const [showPolicyError, setShowPolicyError] = useState(false);
  const card = useRef<CardCollector>(null);

  const personalGroups = useMemo(
    () => personalFormGroups({ emailKnown: Boolean(user?.email) }),
    [user?.email],
  );
  const personal = useFormEngine(personalGroups, {
    givenName: profile?.givenName ?? user?.givenName ?? '',
    familyName: profile?.familyName ?? user?.familyName ?? '',
    dob: profile?.dob ? birthDateInput(profile.dob) : null,
    phone: profile?.phone ? formatUsPhone(profile.phone) : '',
    email: profile?.email ?? user?.email ?? '',
    marketingOptIn: false,
  });
  const noteGroups = useMemo(() => checkoutNotesGroups(marketplace?.checkoutNotes ?? []), [marketplace]);
  const noteForm = useFormEngine(noteGroups, notes);

  const procedureIds = requestProcedures(cart);
  const place = location && isClinicLocation(location) ? { organizationId: location.organizationId } : null;
  const address = location && !isClinicLocation(location) ? location : null;
  const cartMinimum = useRef(0);
  const summaryQuery = useCheckoutSummary(
    location
      ? {
          marketplaceId,
          procedureIds,
          ...place,
          ...(address && {
            address: { address: address.address, latitude: address.latitude, longitude: address.longitude },
          }),
          promoCode: promo?.code ?? null,
          // Spec 7: the summary call takes the tip in dollars.
          gratuity: tipCents(tip, cartMinimum.current) / 100,
        }
      : null,
  );
  const summary = summaryQuery.data;
  if (summary) cartMinimum.current = summary.procedures[0] ?? 0;

  const settings = marketplace?.paymentSettings;
  const total = summary?.total[0] ?? 0;
  const due = settings && summary ? dueNow(total, summary.gratuity, settings) : 0;
  const needsCard = due > 0;
  const savedCards = useSavedCards(user ? marketplace?.mgId : null).data ?? [];
  const [paymentChoice, setPaymentChoice] = useState<PaymentChoice | null>(null);
  const payWith = paymentChoice ?? defaultPaymentChoice(savedCards);
  const applePay = useApplePay();
  // Set while the Apple Pay button's submit runs: that submit pays with the Apple Pay card.
  const applePayAttempt = useRef<CardCollector | null>(null);
  const chosenPayment = (): SubmitParts['payment'] =>
    !needsCard
      ? { kind: 'none' }
      : applePayAttempt.current
        ? { kind: 'new', card: applePayAttempt }
        : payWith === NEW_CARD
          ? { kind: 'new', card }
          : { kind: 'saved', paymentInstrumentId: payWith };

  const { submit, submitting, error } = useSubmitBooking({
    validate: () => {
      const personalOk = personal.validate();
      const notesOk = noteForm.validate();
      const policyOk = !settings?.requirePaymentPolicyAttestation || !settings.hasPaymentPolicy || agreed;
      setShowPolicyError(!policyOk);
      if (!notesOk) $checkoutNotesExpanded.set(true);
      return personalOk && notesOk && policyOk && Boolean(summary);
    },
    personal: () => personal.normalized(),
    // Read when submit runs, so the Apple Pay button can pay with its own card.
    get payment() {
      return chosenPayment();
    },
    request: (values: FormValues) => {
      const email = String(values.email ?? '');
      const phone = String(values.phone ?? '');
      const optIn = values.marketingOptIn === true;
      $userEmail.set(email);
      return {
        marketplaceId,
        ...place,
        ...(address && {
          address: { address: address.address, latitude: address.latitude, longitude: address.longitude },
        }),
        procedures: procedureIds,
        dateRanges: dateRangesFor(dateTime, waitlist),
        gratuity: (summary?.gratuity ?? 0) > 0 ? summary?.gratuity : null,
        notes: String(values.notes ?? '') || null,
        checkoutNotes: checkoutNoteAnswers(marketplace?.checkoutNotes ?? [], noteForm.values),
        promoCode: promo?.code ?? null,
        marketingConsents: marketingConsents(optIn, email, phone),
        registerUser: user
          ? null
          : {
              email,
              profile: {
                givenName: String(values.givenName),
                familyName: String(values.familyName),
                phone,
                dob: String(values.dob),
                tzid: Intl.DateTimeFormat().resolvedOptions().timeZone,
                phoneOptIn: optIn,
                emailOptIn: optIn,
              },
            },
      };
    },
    identity: (values, tokenized) => ({
      card: {
        token: tokenized.token,
        identity: {
          firstName: String(values.givenName),
          lastName: String(values.familyName),
          email: String(values.email),
          phone: String(values.phone),
          postalCode: tokenized.postalCode,
        },
      },
    }),
    onBooked,
  });

  /** Spec 7 Apple Pay: the sheet asks for what is due by spec 9's rule, under the marketplace's name. */
  const payWithApplePay = () => {
    if (!applePay || !marketplace) return;
    applePayAttempt.current = applePayCard(
      applePay,
      {
        displayName: marketplace.name,
        request: applePayPaymentRequest({
          marketplaceName: marketplace.name,
          dueTodayCents: due,
          purpose:
            due > 0
              ? { label: 'Due when your appointment is confirmed', amountCents: null }
              : { label: 'Paid at your appointment', amountCents: total },
        }),
      },
      () => personal.normalized(),
    );
    void submit().finally(() => {
      applePayAttempt.current = null;
    });
  };

  if (!marketplace || !location || !settings) return <Skeleton height="60" />;
  const proceduresById = new Map(
    marketplace.procedures.flatMap((p) => [[p.id, p] as const, ...p.addOns.map((a) => [a.id, a] as const)]),
  );

  return (
    <Stack gap="6">
      <PageHeading mb="0">Review &amp; Confirm</PageHeading>
      {/* minmax(0, …): a column never grows past the screen to fit its widest row (issue 17). */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6">
          <BookingDetails
            location={location}
            dateTime={dateTime}
            waitlist={waitlist}
            cart={cart}
            procedures={proceduresById}
          />
          <Card.Root>
            <Card.Body>
              <FormEngine
                groups={personalGroups}
                values={personal.values}
                errors={personal.errors}
                onChange={personal.setValue}
              />
            </Card.Body>
          </Card.Root>
          {noteGroups.length > 0 && (
            <Card.Root>
              <Card.Body gap="4">
                <Button
                  variant="plain"
                  justifyContent="space-between"
                  px="0"
                  // A long marketplace name wraps on a phone instead of widening the page.
                  whiteSpace="normal"
                  textAlign="start"
                  h="auto"
                  gap="3"
                  aria-expanded={notesExpanded}
                  onClick={() => $checkoutNotesExpanded.set(!notesExpanded)}
                >
                  <Heading as="h2" size="md">
                    A few questions from {marketplace.name}
                  </Heading>
                  <Text aria-hidden="true" flexShrink="0">
                    {notesExpanded ? '−' : '+'}
                  </Text>
                </Button>
                <Box hidden={!notesExpanded}>
                  <FormEngine
                    groups={noteGroups}
                    values={noteForm.values}
                    errors={noteForm.errors}
                    onChange={(id, value) => {
                      noteForm.setValue(id, value);
                      $checkoutNotes.set({ ...$checkoutNotes.get(), [id]: value });
                    }}
                  />
                </Box>
              </Card.Body>
            </Card.Root>
          )}
          {needsCard && (
            <Card.Root as="section" aria-label="Payment method">
              <Card.Body gap="3">
                <Heading as="h2" size="md">
                  Payment method
                </Heading>
                {applePay && (
                  <>
                    <ApplePayButton type="book" busy={submitting} onClick={payWithApplePay} />
                    <Text color="fg.muted" fontSize="sm" textAlign="center">
                      or pay with a card
                    </Text>
                  </>
                )}
                {savedCards.length > 0 && (
                  <SavedCards cards={savedCards} value={payWith} onChange={setPaymentChoice} />
                )}
                {payWith === NEW_CARD && <CardEntryForm ref={card} />}
              </Card.Body>
            </Card.Root>
          )}
          <PaymentPolicy
            settings={settings}
            agreed={agreed}
            onAgreedChange={setAgreed}
            showError={showPolicyError}
          />
        </Stack>
        <Card.Root position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <Card.Body gap="5">
            <Heading as="h2" size="md">
              Summary
            </Heading>
            <TipSelector cartMinimumCents={summary?.procedures[0] ?? 0} value={tip} onChange={setTip} />
            <PromoCodeField
              context={{
                marketplaceId,
                ...place,
                procedureIds,
                bookingAmount: summary?.total[0] ?? 0,
                bookingDate: dateTime?.date ?? null,
                waitlistDates: waitlist.flatMap((entry) => (entry.date ? [entry.date] : [])),
              }}
            />
            {summaryQuery.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{serverMessage(summaryQuery.error) ?? SUMMARY_FAILED}</Alert.Title>
              </Alert.Root>
            ) : summary ? (
              <SummaryLines summary={summary} />
            ) : (
              <Skeleton height="32" />
            )}
            {summary && <DueNow dueCents={due} totalCents={total} />}
            {/* Spec 2 /memberships without prev: its back button returns here through /resume. */}
            <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
              <RouterLink to="../memberships?q=memberships">Memberships &amp; Packages</RouterLink>
            </Link>
            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Stack gap="1">
                  <Alert.Title>{error}</Alert.Title>
                  {error.includes('no longer available') && (
                    <Link asChild color="brand.fg" fontWeight="semibold">
                      <RouterLink to="../schedule">Choose another time</RouterLink>
                    </Link>
                  )}
                </Stack>
              </Alert.Root>
            )}
            <Button size="lg" loading={submitting} disabled={!summary} onClick={submit}>
              Request Appointment
            </Button>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
