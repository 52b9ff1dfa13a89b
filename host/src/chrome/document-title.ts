export interface DocumentTitleParts {
  pageTitle?: string | undefined;
  locationName?: string | undefined;
  visitKind?: 'Mobile Visit' | 'In Clinic' | undefined;
  date?: string | undefined;
  marketplaceName?: string | undefined;
}

/** "Select a Service | Manhattan | In Clinic | Friday, May 1, 2026 | Glow Mobile IV" */
export function documentTitle(parts: DocumentTitleParts): string {
  const title = [parts.pageTitle, parts.locationName, parts.visitKind, parts.date, parts.marketplaceName]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' | ');
  return title || 'Atrium';
}
