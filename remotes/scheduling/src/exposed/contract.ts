import type { RemoteModules } from '@atrium/federation';

// The host's typed contract: this remote's typecheck fails when an exposed module does not fit it.
export type SchedulingModules = RemoteModules<
  'scheduling',
  { SchedulePage: typeof import('./schedule-page') }
>;
