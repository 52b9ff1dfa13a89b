/** The clinic search box appears above 8 clinics and filters from 3 characters. */
export const CLINIC_SEARCH_THRESHOLD = 8;
export const CLINIC_FILTER_MIN_CHARS = 3;

export interface ClinicSummary {
  id: string;
  name: string;
  address: string;
  phone: string;
}

export const showsClinicSearch = (clinics: readonly ClinicSummary[]) =>
  clinics.length > CLINIC_SEARCH_THRESHOLD;

/** Clinics whose name or address contains the search text; all of them under 3 characters. */
export function filterClinics<T extends ClinicSummary>(clinics: readonly T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text.length < CLINIC_FILTER_MIN_CHARS) return [...clinics];
  return clinics.filter(
    (clinic) => clinic.name.toLowerCase().includes(text) || clinic.address.toLowerCase().includes(text),
  );
}
