import { remoteConfig } from '@atrium/federation/rsbuild';

export default remoteConfig('checkout', { root: import.meta.dirname });
