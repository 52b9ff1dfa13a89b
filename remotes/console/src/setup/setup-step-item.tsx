import type { SetupStep } from '@atrium/graphql-client/staff-setup';
import { Link as RouterLink } from '@atrium/navigation';
import { Badge, Box, Button, HStack, Link, Stack, Text } from '@atrium/ui';

/** Where each step is done: the console section's path and name. */
export const sectionLinks: Record<SetupStep['section'], { path: string; label: string }> = {
  CATALOGUE: { path: 'catalogue', label: 'Catalogue' },
  TEAM: { path: 'team', label: 'Team' },
  SETTINGS: { path: 'settings', label: 'Settings' },
  OFFERS: { path: 'offers', label: 'Offers' },
};

/** One step of the checklist: done or to do, what it asks for, and a link to where it is done. */
export function SetupStepItem({
  marketplaceId,
  step,
  onMarkReviewed,
  marking,
}: {
  marketplaceId: string;
  step: SetupStep;
  /** Given for the payment settings' step while it is to do. */
  onMarkReviewed?: () => void;
  marking?: boolean;
}) {
  const section = sectionLinks[step.section];
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" aria-label={step.title}>
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Text as="h3" fontWeight="semibold">
            {step.title}
          </Text>
          <Badge colorPalette={step.done ? 'green' : step.required ? 'orange' : 'gray'}>
            {step.done ? 'Done' : step.required ? 'To do' : 'Optional'}
          </Badge>
        </HStack>
        <Text color="fg.muted">{step.description}</Text>
        <HStack gap="3" flexWrap="wrap">
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={`/${marketplaceId}/console/${section.path}`}>
              {step.done ? `Review in ${section.label}` : `Go to ${section.label}`}
              <Box as="span" srOnly>{` for ${step.title.toLowerCase()}`}</Box>
            </RouterLink>
          </Link>
          {onMarkReviewed ? (
            <Button size="sm" variant="outline" loading={marking} onClick={onMarkReviewed}>
              Mark as reviewed
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}
