import { Badge, Box, Text } from '@atrium/ui';
import { catalogAnnouncement, catalogEdition } from './build-flags';

/** What this build of the catalog says about itself: its edition and any announcement. */
export function EditionBanner() {
  if (catalogEdition === 'standard' && !catalogAnnouncement) return null;
  return (
    <Box mb="4" p="3" borderRadius="md" bg="brand.subtle" display="flex" gap="3" alignItems="center">
      {catalogEdition !== 'standard' && (
        <Badge colorPalette="brand" variant="solid">
          {`${catalogEdition.charAt(0).toUpperCase()}${catalogEdition.slice(1)} edition`}
        </Badge>
      )}
      {catalogAnnouncement && <Text>{catalogAnnouncement}</Text>}
    </Box>
  );
}
