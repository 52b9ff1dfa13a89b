/** Build-time flags of this deployment of the catalog remote. */
export const catalogEdition = import.meta.env.PUBLIC_CATALOG_EDITION ?? 'standard';
export const catalogAnnouncement = import.meta.env.PUBLIC_CATALOG_ANNOUNCEMENT ?? '';
