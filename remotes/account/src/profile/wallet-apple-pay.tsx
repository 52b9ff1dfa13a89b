import { useMarketplace } from '@atrium/graphql-client';
import type { ProfileViewer } from '@atrium/graphql-client/account';
import {
  APPLE_PAY_FAILED,
  createApplePayInstrument,
  createApplePaySession,
} from '@atrium/graphql-client/apple-pay';
import { useParams } from '@atrium/navigation';
import {
  ApplePayButton,
  ApplePayError,
  applePayPaymentRequest,
  runApplePay,
  useApplePay,
} from '@atrium/payment-forms';
import { Box } from '@atrium/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CARD_ADDED } from '../shared/messages';
import { notify } from '../shared/notify';

/**
 * The wallet's Apple Pay: where the device and the API offer it, adds the Apple Pay card to
 * the wallet (save true), with nothing charged; toasts 'Card added successfully' or the failure's message.
 */
export function WalletApplePay({ profile }: { profile: ProfileViewer['profile'] }) {
  const applePay = useApplePay();
  const { marketplaceId = '' } = useParams();
  const marketplaceName = useMarketplace(marketplaceId).data?.name ?? '';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!applePay) return null;

  const addWithApplePay = () => {
    if (busy) return;
    setBusy(true);
    runApplePay(
      applePay,
      applePayPaymentRequest({
        marketplaceName,
        dueTodayCents: 0,
        purpose: { label: 'Card saved for your bookings', amountCents: null },
      }),
      {
        displayName: marketplaceName,
        save: true,
        identity: {
          firstName: profile.givenName ?? '',
          lastName: profile.familyName ?? '',
          email: profile.email,
          phone: profile.phone ?? null,
          postalCode: null,
        },
      },
      {
        createSession: createApplePaySession,
        createInstrument: (input) => createApplePayInstrument(input, queryClient),
      },
    )
      .then((attempt) => attempt && notify('success', CARD_ADDED))
      .catch((error: unknown) =>
        notify('error', error instanceof ApplePayError ? error.message : APPLE_PAY_FAILED),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Box width={{ base: 'full', sm: '48' }}>
      <ApplePayButton type="set-up" busy={busy} onClick={addWithApplePay} />
    </Box>
  );
}
