import type { RoutePageProps } from '@atrium/federation';
import { ServicesPage } from '../services-page/services-page';

export default function ServicesRoute(_props: RoutePageProps) {
  return <ServicesPage />;
}
