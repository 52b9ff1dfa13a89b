import type { RoutePageProps } from '@atrium/federation';
import { SchedulePage } from '../schedule/schedule-page';

export default function ScheduleRoute(_props: RoutePageProps) {
  return <SchedulePage />;
}
