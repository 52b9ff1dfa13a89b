import { useApplePayEnabled } from '@atrium/graphql-client/apple-pay';
import { Box } from '@atrium/ui';
import { useState } from 'react';
import { type ApplePaySessionConstructor, deviceApplePay } from './apple-pay-session';

/**
 * Apple Pay where it can be used: the device says so (ApplePaySession.canMakePayments(), Safari
 * with a card in Wallet) and the API offers it. Null everywhere else, so no button shows.
 */
export function useApplePay(): ApplePaySessionConstructor | null {
  // Asked once: the answer does not change while the page is open.
  const [device] = useState(deviceApplePay);
  const offered = useApplePayEnabled(device !== null).data === true;
  return device && offered ? device : null;
}

const supportsApplePayButton = '@supports (-webkit-appearance: -apple-pay-button)';

/**
 * Apple's own button: Safari draws it from `-webkit-appearance: -apple-pay-button` (Apple Pay on the
 * Web, "Displaying Apple Pay Buttons Using CSS"); the text 'Apple Pay' is its accessible name, and
 * what a browser without that appearance shows, in Apple's black style.
 */
export function ApplePayButton({
  onClick,
  busy = false,
  type = 'plain',
}: {
  onClick: () => void;
  busy?: boolean;
  /** Apple's button types: 'plain' (the logo), 'add-money'... 'set-up' for adding a card. */
  type?: 'plain' | 'set-up' | 'book';
}) {
  return (
    <Box
      asChild
      width="full"
      minHeight="11"
      borderRadius="md"
      bg="black"
      color="white"
      fontWeight="semibold"
      fontSize="md"
      cursor="pointer"
      _disabled={{ opacity: 0.6, cursor: 'progress' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      css={{
        [supportsApplePayButton]: {
          WebkitAppearance: '-apple-pay-button',
          '-apple-pay-button-type': type,
          '-apple-pay-button-style': 'black',
          // Safari draws the logo and words; the text stays for screen readers only.
          color: 'transparent',
          background: 'none',
        },
      }}
    >
      <button type="button" onClick={onClick} disabled={busy} aria-busy={busy} lang="en">
        Apple Pay
      </button>
    </Box>
  );
}
