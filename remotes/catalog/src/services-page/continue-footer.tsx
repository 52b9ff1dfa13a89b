import { useNavigate } from '@atrium/navigation';
import { Box, Button, Flex, Text } from '@atrium/ui';
import { useCartIsEmpty, useCartSize } from './use-cart';

/**
 * The footer's Continue goes to /schedule, and only with something in the cart. The count
 * and the button read the cart on their own, so a change re-renders no more than they need.
 */
export function ContinueFooter() {
  return (
    <Box position="sticky" bottom="0" zIndex="sticky" bg="bg" borderTopWidth="1px" mt="6" py="3">
      <Flex align="center" justify="space-between" gap="4">
        <CartCount />
        <ContinueButton />
      </Flex>
    </Box>
  );
}

function CartCount() {
  const cartSize = useCartSize();
  return (
    <Text color="fg.muted" aria-live="polite">
      {cartSize === 0
        ? 'No services selected'
        : `${cartSize} ${cartSize === 1 ? 'service' : 'services'} selected`}
    </Text>
  );
}

function ContinueButton() {
  const navigate = useNavigate();
  const empty = useCartIsEmpty();
  return (
    <Button size="lg" disabled={empty} onClick={() => navigate('../schedule')}>
      Continue
    </Button>
  );
}
