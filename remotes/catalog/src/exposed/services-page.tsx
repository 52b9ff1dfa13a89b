import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';
import { EditionBanner } from '../edition-banner';

export default function ServicesPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Select a Service</PageHeading>
      <EditionBanner />
      <Text color="fg.muted">Browse the services on offer.</Text>
    </>
  );
}
