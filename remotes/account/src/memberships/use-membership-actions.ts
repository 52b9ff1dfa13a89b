import {
  membershipErrorMessage,
  packageErrorMessage,
  useCancelMembership,
  useCreateMembership,
  usePurchasePackage,
  useReactivateMembership,
} from '@atrium/graphql-client/memberships';
import { emit } from '@atrium/stores';
import {
  ADD_PAYMENT_METHOD,
  MEMBERSHIP_CANCELLED,
  MEMBERSHIP_PURCHASED,
  MEMBERSHIP_RENEWED,
  PACKAGE_PURCHASED,
} from '../shared/messages';
import { notify } from '../shared/notify';

/** Which action is running, and on what: the card it belongs to shows it; every other action waits. */
export type PendingAction =
  | { action: 'purchaseMembership' | 'purchasePackage'; id: string }
  | { action: 'cancel' | 'renew'; id: string }
  | null;

interface Buyer {
  marketplaceId: string;
  /** Signed in (the viewer is known to the server). */
  signedIn: boolean;
  /** The viewer's primary saved card, which purchases are paid with. */
  primaryInstrumentId: string | null | undefined;
  /** Where sign-in returns to. */
  returnTo: string;
  /** The viewer's holdings (and so the card) are still loading: nothing can be bought yet. */
  loading: boolean;
}

/**
 * The purchases, cancellation and renewal of /memberships with their toasts. Signed out,
 * a purchase opens sign-in; without a primary saved card it is refused with 'Please add a payment
 * method to purchase a package' before anything is sent. The purchase hooks keep one
 * idempotency key per attempt on an item while this page lives: pressing again after a timeout or a
 * network error resends the same key (charged once), after a refusal a new attempt begins.
 */
export function useMembershipActions({
  marketplaceId,
  signedIn,
  primaryInstrumentId,
  returnTo,
  loading,
}: Buyer) {
  const purchase = usePurchasePackage();
  const create = useCreateMembership();
  const cancel = useCancelMembership();
  const renew = useReactivateMembership();

  let pending: PendingAction = null;
  if (purchase.isPending && purchase.variables)
    pending = { action: 'purchasePackage', id: purchase.variables.packageId };
  else if (create.isPending && create.variables)
    pending = { action: 'purchaseMembership', id: create.variables.membershipDefinitionId };
  else if (cancel.isPending && cancel.variables) pending = { action: 'cancel', id: cancel.variables };
  else if (renew.isPending && renew.variables) pending = { action: 'renew', id: renew.variables };

  /** The card to pay with, or null after asking to sign in or to add a card. */
  const paymentCard = (): string | null => {
    if (!signedIn) {
      emit('sign-in:open', { redirectTo: returnTo });
      return null;
    }
    if (!primaryInstrumentId) {
      notify('error', ADD_PAYMENT_METHOD);
      return null;
    }
    return primaryInstrumentId;
  };

  return {
    pending,
    /** An action is running or the holdings are loading: the other actions wait. */
    busy: pending !== null || loading,
    purchaseMembership(membershipDefinitionId: string) {
      const paymentInstrumentId = paymentCard();
      if (!paymentInstrumentId) return;
      create.mutate(
        { marketplaceId, paymentInstrumentId, membershipDefinitionId },
        {
          onSuccess: () => notify('success', MEMBERSHIP_PURCHASED),
          onError: (error) => notify('error', membershipErrorMessage(error)),
        },
      );
    },
    purchasePackage(packageId: string) {
      const paymentInstrumentId = paymentCard();
      if (!paymentInstrumentId) return;
      purchase.mutate(
        { marketplaceId, packageId, paymentInstrumentId },
        {
          onSuccess: () => notify('success', PACKAGE_PURCHASED),
          onError: (error) => notify('error', packageErrorMessage(error)),
        },
      );
    },
    cancelMembership(id: string, options: { onSettled?: () => void } = {}) {
      cancel.mutate(id, {
        onSuccess: () => notify('success', MEMBERSHIP_CANCELLED),
        onError: (error) => notify('error', membershipErrorMessage(error)),
        onSettled: options.onSettled,
      });
    },
    renewMembership(id: string) {
      renew.mutate(id, {
        onSuccess: () => notify('success', MEMBERSHIP_RENEWED),
        onError: (error) => notify('error', membershipErrorMessage(error)),
      });
    },
  };
}

export type MembershipActions = ReturnType<typeof useMembershipActions>;
