import { Box, Button, Heading, Text } from '@atrium/ui';
import { useEffect, useRef } from 'react';
import { STEPS, type StepIndex } from './booking-draft';

/** The four steps in order: the current one marked, the ones done a click away. */
export function StepList({ step, onGo }: { step: StepIndex; onGo: (step: StepIndex) => void }) {
  return (
    <Box
      as="ol"
      aria-label="Booking steps"
      display="flex"
      flexWrap="wrap"
      gap={{ base: '2', md: '6' }}
      listStyleType="none"
    >
      {STEPS.map((label, index) => (
        <li key={label} aria-current={index === step ? 'step' : undefined}>
          {index < step ? (
            <Button
              variant="plain"
              px="0"
              h="auto"
              textDecoration="underline"
              onClick={() => onGo(index as StepIndex)}
            >
              {index + 1}. {label}
            </Button>
          ) : (
            <Text
              fontWeight={index === step ? 'semibold' : 'normal'}
              color={index === step ? 'fg' : 'fg.muted'}
            >
              {index + 1}. {label}
            </Text>
          )}
        </li>
      ))}
    </Box>
  );
}

/**
 * The step's heading, which takes the focus when the step changes (not on the page's first render,
 * where the page heading has it), so a keyboard or screen reader user starts the new step at its top.
 */
export function StepHeading({ step }: { step: StepIndex }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <Heading as="h2" size="lg" ref={heading} tabIndex={-1}>
      Step {step + 1} of {STEPS.length}: {STEPS[step]}
    </Heading>
  );
}
