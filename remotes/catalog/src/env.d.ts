/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  /** Names a second edition of the catalog (served to a tenant as an override); never shown to clients, it marks the page root as `data-catalog-edition`. */
  readonly PUBLIC_CATALOG_EDITION?: string;
  /** A notice shown above the services, set per deployment. */
  readonly PUBLIC_CATALOG_ANNOUNCEMENT?: string;
}
