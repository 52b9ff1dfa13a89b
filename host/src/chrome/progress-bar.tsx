import { useLocation, useNavigate } from '@atrium/navigation';
import { $reachableSteps } from '@atrium/stores';
import { Box, Button, Flex, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';

const steps = [
  { key: 'services', label: 'Services' },
  { key: 'schedule', label: 'Date & Time' },
  { key: 'confirm', label: 'Confirm' },
] as const;

/** The three-step booking progress bar; a step is clickable only when its precondition holds. */
export function ProgressBar({ marketplaceId }: { marketplaceId: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const reachable = useStore($reachableSteps);
  const current = steps.findIndex((step) => pathname.endsWith(`/${step.key}`));
  if (current < 0) return null;
  return (
    <Box as="nav" aria-label="Booking progress" mb="6">
      <Flex as="ol" listStyleType="none" gap={{ base: '1', md: '3' }}>
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <Box as="li" key={step.key} flex="1">
              <Button
                w="full"
                variant="plain"
                h="auto"
                px="0"
                py="2"
                flexDirection="column"
                alignItems="stretch"
                gap="2"
                disabled={!reachable[step.key]}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => navigate(`/${marketplaceId}/${step.key}`)}
              >
                <Box h="1.5" borderRadius="full" bg={state === 'todo' ? 'border' : 'brand.solid'} />
                <Text fontSize="sm" fontWeight={state === 'current' ? 'bold' : 'medium'} textAlign="start">
                  {index + 1}. {step.label}
                </Text>
              </Button>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}
