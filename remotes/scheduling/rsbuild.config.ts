import { remoteConfig } from '@atrium/federation/rsbuild';

export default remoteConfig('scheduling', { root: import.meta.dirname });
