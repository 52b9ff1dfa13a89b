/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  /** Builds a visibly distinct edition of the catalog (served to a tenant as an override). */
  readonly PUBLIC_CATALOG_EDITION?: string;
  /** A notice shown above the services, set per deployment. */
  readonly PUBLIC_CATALOG_ANNOUNCEMENT?: string;
}
