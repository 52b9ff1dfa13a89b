import type { RemoteModules } from '@atrium/federation';

// The host's typed contract: this remote's typecheck fails when an exposed module does not fit it.
export type ConsoleModules = RemoteModules<
  'console',
  {
    ConsolePage: typeof import('./console-page');
  }
>;
