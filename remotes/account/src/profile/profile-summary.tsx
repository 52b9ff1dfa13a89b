import { Box, Button, Card, Flex, Heading, SimpleGrid, Text } from '@atrium/ui';
import type { Ref } from 'react';
import { NOT_PROVIDED } from '../shared/messages';
import { type Profile, profileSummaryRows } from './profile-rules';

/** The Profile tab's summary (each empty row 'Not provided') and 'Edit Profile'. */
export function ProfileSummary({
  profile,
  onEdit,
  editRef,
}: {
  profile: Profile;
  onEdit: () => void;
  /** The Edit Profile button, which takes focus back when the form closes. */
  editRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Card.Root as="section" aria-labelledby="profile-summary-heading">
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="profile-summary-heading">
            Personal Information
          </Heading>
          <Button ref={editRef} variant="outline" size="sm" onClick={onEdit}>
            Edit Profile
          </Button>
        </Flex>
        <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="4">
          {profileSummaryRows(profile).map((row) => (
            <Box key={row.label}>
              <Text as="dt" fontSize="sm" color="fg.muted">
                {row.label}
              </Text>
              <Text
                as="dd"
                color={row.value === NOT_PROVIDED ? 'fg.subtle' : undefined}
                wordBreak="break-word"
              >
                {row.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
