/**
 * The service being chosen, as query parameters (?procedure=&addons=): they open its dialog on the
 * services page and carry it through set-location and back.
 */
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

/** The parameters without a service selection (its dialog closed). */
export function withoutServiceSelection(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('procedure');
  next.delete('addons');
  return next;
}

/** The parameters with the selection's add-ons replaced by `addOnIds`. */
export function withAddOns(params: URLSearchParams, addOnIds: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (addOnIds.length > 0) next.set('addons', addOnIds.join(','));
  else next.delete('addons');
  return next;
}
