import { useNavigate } from '@atrium/navigation';
import { Box, Button, Flex, Text } from '@atrium/ui';

/** Spec 2: the footer's Continue goes to /schedule, and only with something in the cart. */
export function ContinueFooter({ cartSize }: { cartSize: number }) {
  const navigate = useNavigate();
  return (
    <Box position="sticky" bottom="0" zIndex="sticky" bg="bg" borderTopWidth="1px" mt="6" py="3">
      <Flex align="center" justify="space-between" gap="4">
        <Text color="fg.muted" aria-live="polite">
          {cartSize === 0
            ? 'No services selected'
            : `${cartSize} ${cartSize === 1 ? 'service' : 'services'} selected`}
        </Text>
        <Button size="lg" disabled={cartSize === 0} onClick={() => navigate('../schedule')}>
          Continue
        </Button>
      </Flex>
    </Box>
  );
}
