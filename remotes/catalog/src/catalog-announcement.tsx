import { Box, Text } from '@atrium/ui';
import { catalogAnnouncement, catalogEdition } from './build-flags';

/**
 * Marks a page's root with the edition of the catalog build that drew it, for tests and support
 * (which build a tenant override served). Never shown: an edition is an internal build label.
 */
export const editionMarker = { 'data-catalog-edition': catalogEdition } as const;

/** This deployment's announcement to clients (a build flag), when it has one. */
export function CatalogAnnouncement() {
  if (!catalogAnnouncement) return null;
  return (
    <Box p="3" borderRadius="md" bg="brand.subtle">
      <Text>{catalogAnnouncement}</Text>
    </Box>
  );
}
