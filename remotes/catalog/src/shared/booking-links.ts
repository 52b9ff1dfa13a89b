/** Query parameters that carry a service being added through set-location and back (spec 2). */
export interface ServiceSelection {
  procedureId: string | null;
  addOnIds: string[];
}

export function readServiceSelection(params: URLSearchParams): ServiceSelection {
  const addOnIds = (params.get('addons') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return { procedureId: params.get('procedure') || null, addOnIds: [...new Set(addOnIds)] };
}

/** `?procedure=1&addons=2,3` (add-ons only with a procedure), plus any extra parameters. */
export function serviceSelectionQuery(
  selection: ServiceSelection,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  if (selection.procedureId) {
    params.set('procedure', selection.procedureId);
    if (selection.addOnIds.length > 0) params.set('addons', selection.addOnIds.join(','));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
