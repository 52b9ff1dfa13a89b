import { remoteConfig } from '@atrium/federation/rsbuild';

export default remoteConfig('account', { root: import.meta.dirname });
