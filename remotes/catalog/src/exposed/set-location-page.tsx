import type { RoutePageProps } from '@atrium/federation';
import { SetLocationPage } from '../set-location/set-location-page';

export default function SetLocationRoute(_props: RoutePageProps) {
  return <SetLocationPage />;
}
