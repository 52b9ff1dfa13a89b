/**
 * Module Federation provides a shared module only if the providing build references it. The host
 * loads first, so it must provide every shared entry, including ones only remotes use: otherwise a
 * remote provides its own copy, and e.g. its form controls would not see the host's Chakra system.
 * These imports are never called; they only put the entries in the host's build.
 */
export const providedSharedEntries = {
  forms: () => import('@atrium/ui/forms'),
  overlays: () => import('@atrium/ui/overlays'),
};
