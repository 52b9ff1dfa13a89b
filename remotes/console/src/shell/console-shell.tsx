import { staffMay } from '@atrium/domain';
import { marketplaceSetupQueryOptions } from '@atrium/graphql-client/staff-setup';
import { Navigate, Route, Link as RouterLink, Routes, useLocation } from '@atrium/navigation';
import { Box, Center, Grid, Link, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RequestMailsSetting } from '../request-notices/request-mails-setting';
import { type ConsoleSection, consoleSections, sectionsFor } from '../sections';
import type { ConsoleStaff } from './console-staff';

interface ConsoleShellProps {
  marketplaceId: string;
  staff: ConsoleStaff;
  sections?: readonly ConsoleSection[];
}

/**
 * The console around its sections: the navigation of the sections the member's role may use (a
 * column beside the section on wide screens, a row above it on a tablet) and the section's page.
 * /{id}/console goes to the Setup checklist while the marketplace is not live (for a role that may
 * see it), else to the first section of the day's work.
 */
export function ConsoleShell({ marketplaceId, staff, sections = consoleSections }: ConsoleShellProps) {
  const allowed = sectionsFor(staff.role, sections);
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: '12rem minmax(0, 1fr)' }}
      gap={{ base: '4', lg: '8' }}
    >
      <Stack gap="6">
        <SectionNav
          marketplaceId={marketplaceId}
          staff={staff}
          sections={allowed.filter((section) => !section.hidden)}
        />
        {staffMay(staff.role, 'followNewRequests') && <RequestMailsSetting marketplaceId={marketplaceId} />}
      </Stack>
      <Box minW="0">
        <Routes>
          <Route index element={<Landing marketplaceId={marketplaceId} sections={allowed} />} />
          {allowed.map(({ path, page: Page }) => (
            <Route
              key={path}
              path={`${path}/*`}
              element={
                <Suspense fallback={sectionLoading}>
                  <Page marketplaceId={marketplaceId} staff={staff} />
                </Suspense>
              }
            />
          ))}
          <Route path="*" element={<UnknownSection />} />
        </Routes>
      </Box>
    </Grid>
  );
}

const sectionLoading = (
  <Center py="16">
    <Spinner size="lg" role="status" aria-label="Loading" />
  </Center>
);

/** Where /{id}/console opens: Setup until the marketplace is live, then the first other section. */
function Landing({
  marketplaceId,
  sections,
}: {
  marketplaceId: string;
  sections: readonly ConsoleSection[];
}) {
  const setup = sections.find(({ path }) => path === 'setup');
  const first = sections.find((section) => section !== setup && !section.hidden) ?? setup;
  const checklist = useQuery({
    ...marketplaceSetupQueryOptions(marketplaceId),
    enabled: setup !== undefined,
  });
  if (!first) return <NothingToUse />;
  if (checklist.isLoading) return sectionLoading;
  // A checklist that cannot be read opens the day's work; Setup stays one click away in the navigation.
  const target = setup && checklist.data && !checklist.data.isLive ? setup : first;
  return <Navigate to={target.path} replace />;
}

function SectionNav({
  marketplaceId,
  staff,
  sections,
}: {
  marketplaceId: string;
  staff: ConsoleStaff;
  sections: readonly ConsoleSection[];
}) {
  const { pathname } = useLocation();
  const base = `/${marketplaceId}/console`;
  return (
    <Box as="nav" aria-label="Console sections">
      <Stack as="ul" listStyleType="none" direction={{ base: 'row', lg: 'column' }} gap="1" flexWrap="wrap">
        {sections.map(({ path, label, badge: Badge }) => {
          const to = `${base}/${path}`;
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <li key={path}>
              <Link
                asChild
                display="block"
                px="3"
                py="2"
                rounded="md"
                fontWeight={current ? 'semibold' : 'normal'}
                bg={current ? 'brand.subtle' : undefined}
                color={current ? 'brand.fg' : 'fg'}
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
              >
                <RouterLink to={to} aria-current={current ? 'page' : undefined}>
                  {label}
                  {Badge && <Badge marketplaceId={marketplaceId} staff={staff} />}
                </RouterLink>
              </Link>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

function NothingToUse() {
  return (
    <Stack gap="2">
      <PageHeading>Console</PageHeading>
      <Text>Your role has no section of the console to use.</Text>
    </Stack>
  );
}

function UnknownSection() {
  return (
    <Stack gap="2">
      <PageHeading>Section not found</PageHeading>
      <Text>This part of the console does not exist, or your role may not use it.</Text>
    </Stack>
  );
}
