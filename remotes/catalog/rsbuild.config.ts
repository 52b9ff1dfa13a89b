import { remoteConfig } from '@atrium/federation/rsbuild';

// PUBLIC_CATALOG_EDITION builds a second edition of this remote (served as a
// tenant override) into its own folder.
const edition = process.env.PUBLIC_CATALOG_EDITION;

export default remoteConfig('catalog', {
  root: import.meta.dirname,
  distPath: edition ? `dist-${edition}` : 'dist',
});
