import { Box, Text } from '@atrium/ui';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" py="4" textAlign="center">
      <Text fontSize="sm" color="fg.muted">
        Powered by Atrium
      </Text>
    </Box>
  );
}
