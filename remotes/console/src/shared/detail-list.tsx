import { Box, Text } from '@atrium/ui';
import type { ReactNode } from 'react';

/** A description list laid out as two columns from tablet width up: terms on the left. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: '10rem minmax(0, 1fr)' }}
      columnGap="4"
      rowGap="1"
    >
      {children}
    </Box>
  );
}

/** A term of a DetailList; its description follows as a `dd`. */
export function DetailTerm({ children }: { children: ReactNode }) {
  return (
    <Text as="dt" fontWeight="semibold">
      {children}
    </Text>
  );
}
