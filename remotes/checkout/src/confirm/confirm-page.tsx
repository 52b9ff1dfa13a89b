import { checkoutNoteAnswers, checkoutNotesGroups, dueNow } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { useCheckoutSummary, type ValidatePromoCodeInput } from '@atrium/graphql-client/checkout';
import { useViewer, type ViewerProfile } from '@atrium/graphql-client/identity';
import { Navigate, useNavigate, useParams } from '@atrium/navigation';
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
  type BookingLocation,
} from '@atrium/stores';
import { Card, Grid, PageHeading, Skeleton, Stack } from '@atrium/ui';
import { FormEngine, useFormEngine } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { rememberRequest } from '../success/last-request';
import { BookingDetails } from './booking-details';
import {
  appointmentRequest,
  type BookingParts,
  type BookingPlace,
  bookingPlace,
  cardPaymentMethod,
  requestProcedures,
} from './booking-payload';
import { CheckoutNotesCard } from './checkout-notes-card';
import { PaymentMethodCard } from './payment-method-card';
import { PaymentPolicy } from './payment-policy';
import { personalFormGroups, personalFormValues } from './personal-form';
import { SummaryCard } from './summary-card';
import { type TipChoice, tipCents } from './tip-selector';
import { useConfirmGuard } from './use-confirm-guard';
import { usePaymentChoice } from './use-payment-choice';
import { type SubmitParts, useSubmitBooking } from './use-submit-booking';

/** /confirm: the summary, tip, promo, policy, personal details, notes, payment and submit. */
export function ConfirmPage() {
  const target = useConfirmGuard();
  const location = useStore($selectedLocation);
  const navigate = useNavigate();
  // Success empties the cart on its way to /success: that is no reason to go back to /services.
  const [booked, setBooked] = useState(false);
  const { marketplaceId = '' } = useParams();
  const user = useStore($user);
  const mgId = useMarketplace(marketplaceId).data?.mgId;
  // A signed-in client's details come from their profile: wait for it before the form starts.
  const viewer = useViewer(user ? mgId : null);
  if (target && !booked) return <Navigate to={`../${target}`} replace />;
  if (!location || (user && !viewer.data && !viewer.isError)) return <Skeleton height="60" />;
  return (
    <Confirm
      profile={viewer.data?.profile ?? null}
      onBooked={(request) => {
        setBooked(true);
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

type Marketplace = NonNullable<ReturnType<typeof useMarketplace>['data']>;

/** The page once the marketplace and a location are known. */
function Confirm(props: ConfirmProps) {
  const { marketplaceId = '' } = useParams();
  const marketplace = useMarketplace(marketplaceId).data;
  const location = useStore($selectedLocation);
  if (!marketplace || !location) return <Skeleton height="60" />;
  return <Checkout {...props} marketplace={marketplace} location={location} />;
}

interface CheckoutProps extends ConfirmProps {
  marketplace: Marketplace;
  location: BookingLocation;
}

function Checkout({ profile, onBooked, marketplace, location }: CheckoutProps) {
  const cart = useStore($selectedProcedures);
  const dateTime = useStore($selectedDateTime);
  const waitlist = useStore($selectedWaitlist);
  const user = useStore($user);
  const place = bookingPlace(location);
  const forms = useCheckoutForms(profile, marketplace.checkoutNotes);
  const totals = useCheckoutTotals(marketplace, place, requestProcedures(cart));
  const policy = usePolicyAgreement(marketplace.paymentSettings);
  const payment = usePaymentChoice({
    needsCard: totals.dueCents > 0,
    marketplace,
    dueCents: totals.dueCents,
    totalCents: totals.totalCents,
    personal: () => forms.personal.normalized(),
  });
  const parts: BookingParts = {
    marketplaceId: marketplace.id,
    place,
    cart,
    dateTime,
    waitlist,
    gratuityCents: totals.summary.data?.gratuity ?? 0,
    promoCode: totals.promoCode,
    checkoutNotes: checkoutNoteAnswers(marketplace.checkoutNotes, forms.notes.values),
    signedIn: Boolean(user),
  };
  const submission = useCheckoutSubmit({ parts, forms, policy, totals, payment, onBooked });

  return (
    <Stack gap="6">
      <PageHeading mb="0">Review &amp; Confirm</PageHeading>
      {/* minmax(0, …): a column never grows past the screen to fit its widest row. */}
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
            procedures={proceduresById(marketplace)}
          />
          <CheckoutForms marketplace={marketplace} forms={forms} />
          {totals.dueCents > 0 && (
            <PaymentMethodCard
              choice={payment}
              submitting={submission.submitting}
              onApplePay={() => payment.payWithApplePay(submission.submit)}
            />
          )}
          <PaymentPolicy
            settings={marketplace.paymentSettings}
            agreed={policy.agreed}
            onAgreedChange={policy.setAgreed}
            showError={policy.showError}
          />
        </Stack>
        <SummaryCard
          summary={totals.summary}
          dueCents={totals.dueCents}
          tip={totals.tip}
          onTip={totals.chooseTip}
          promoContext={promoContext(parts, totals.totalCents)}
          submission={submission}
        />
      </Grid>
    </Stack>
  );
}

interface CheckoutSubmitInput {
  parts: BookingParts;
  forms: ReturnType<typeof useCheckoutForms>;
  policy: ReturnType<typeof usePolicyAgreement>;
  totals: ReturnType<typeof useCheckoutTotals>;
  payment: ReturnType<typeof usePaymentChoice>;
  onBooked: SubmitParts['onBooked'];
}

/** Submitting the page: every check, then the request with the client's details and payment. */
function useCheckoutSubmit({ parts, forms, policy, totals, payment, onBooked }: CheckoutSubmitInput) {
  return useSubmitBooking({
    validate: () => checkPage(forms, policy) && Boolean(totals.summary.data),
    personal: () => forms.personal.normalized(),
    // Read when submit runs, so the Apple Pay button can pay with its own card.
    get payment() {
      return payment.payment();
    },
    request: (values) => {
      $userEmail.set(String(values.email ?? ''));
      return appointmentRequest(parts, values, Intl.DateTimeFormat().resolvedOptions().timeZone);
    },
    identity: cardPaymentMethod,
    onBooked,
  });
}

/** Every check before sending: the details, the questions (opened when one needs an answer), the policy. */
function checkPage(
  forms: ReturnType<typeof useCheckoutForms>,
  policy: ReturnType<typeof usePolicyAgreement>,
): boolean {
  const personalOk = Boolean(forms.personal.validate());
  const notesOk = Boolean(forms.notes.validate());
  const policyOk = policy.check();
  if (!notesOk) $checkoutNotesExpanded.set(true);
  return personalOk && notesOk && policyOk;
}

/** What a promo code is checked against: the marketplace, the clinic, the cart, its amount and days. */
function promoContext(parts: BookingParts, bookingAmount: number): Omit<ValidatePromoCodeInput, 'code'> {
  return {
    marketplaceId: parts.marketplaceId,
    ...('organizationId' in parts.place && { organizationId: parts.place.organizationId }),
    procedureIds: requestProcedures(parts.cart),
    bookingAmount,
    bookingDate: parts.dateTime?.date ?? null,
    waitlistDates: parts.waitlist.flatMap((entry) => (entry.date ? [entry.date] : [])),
  };
}

/** The client's details and, when the marketplace asks any, its questions. */
function CheckoutForms({
  marketplace,
  forms,
}: {
  marketplace: Marketplace;
  forms: ReturnType<typeof useCheckoutForms>;
}) {
  return (
    <>
      <Card.Root>
        <Card.Body>
          <FormEngine
            groups={forms.personalGroups}
            values={forms.personal.values}
            errors={forms.personal.errors}
            onChange={forms.personal.setValue}
          />
        </Card.Body>
      </Card.Root>
      {forms.noteGroups.length > 0 && (
        <CheckoutNotesCard marketplaceName={marketplace.name} groups={forms.noteGroups} form={forms.notes} />
      )}
    </>
  );
}

/** The payment policy's box: when the marketplace requires it ticked, its message shows until it is. */
function usePolicyAgreement(settings: Marketplace['paymentSettings']) {
  const [agreed, setAgreed] = useState(false);
  const [showError, setShowError] = useState(false);
  const check = () => {
    const ok = !settings.requirePaymentPolicyAttestation || !settings.hasPaymentPolicy || agreed;
    setShowError(!ok);
    return ok;
  };
  return { agreed, setAgreed, showError, check };
}

/** Each procedure and add-on of the marketplace by id, to name the cart's lines. */
function proceduresById(marketplace: Marketplace) {
  return new Map(
    marketplace.procedures.flatMap((p) => [[p.id, p] as const, ...p.addOns.map((a) => [a.id, a] as const)]),
  );
}

/**
 * The page's two generic forms: the client's details (filled in from a signed-in client's profile)
 * and the marketplace's checkout questions (answers kept in the browser as they are typed).
 */
function useCheckoutForms(profile: ViewerProfile | null, checkoutNotes: Marketplace['checkoutNotes']) {
  const user = useStore($user);
  const storedNotes = useStore($checkoutNotes);
  const personalGroups = useMemo(
    () => personalFormGroups({ emailKnown: Boolean(user?.email) }),
    [user?.email],
  );
  const personal = useFormEngine(personalGroups, personalFormValues(profile, user));
  const noteGroups = useMemo(() => checkoutNotesGroups(checkoutNotes), [checkoutNotes]);
  const notes = useFormEngine(noteGroups, storedNotes);
  return { personalGroups, personal, noteGroups, notes };
}

/**
 * The summary of what is booked with the chosen tip and promo code, and what is due now. A preset
 * tip is a share of the cart's minimum price as the summary gives it when the tip is chosen; the
 * summary call takes the tip in dollars.
 */
function useCheckoutTotals(marketplace: Marketplace, place: BookingPlace, procedureIds: string[]) {
  const promo = useStore($appliedPromo);
  const [tip, setTip] = useState<{ choice: TipChoice; cents: number }>({
    choice: { kind: 'none' },
    cents: 0,
  });
  const summary = useCheckoutSummary({
    marketplaceId: marketplace.id,
    procedureIds,
    ...place,
    promoCode: promo?.code ?? null,
    gratuity: tip.cents / 100,
  });
  const data = summary.data;
  const totalCents = data?.total[0] ?? 0;
  const chooseTip = (choice: TipChoice) =>
    setTip({ choice, cents: tipCents(choice, data?.procedures[0] ?? 0) });
  return {
    summary,
    tip: tip.choice,
    chooseTip,
    promoCode: promo?.code ?? null,
    totalCents,
    dueCents: data ? dueNow(totalCents, data.gratuity, marketplace.paymentSettings) : 0,
  };
}
