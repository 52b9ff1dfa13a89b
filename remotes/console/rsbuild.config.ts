import { remoteConfig } from '@atrium/federation/rsbuild';

export default remoteConfig('console', { root: import.meta.dirname });
