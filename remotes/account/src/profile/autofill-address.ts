/**
 * A client's street line joined to the city and ZIP code line of a place that had no street (the
 * embedded gazetteer locates a point only to its ZIP code): '350 5th Ave' and 'New York, NY 10118'
 * make '350 5th Ave, New York, NY 10118'. Null while no street is typed. A street typed with the
 * area already after it is taken as the whole address, not doubled.
 */
export function completeAddress(street: string, area: string): string | null {
  const line = street.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,]+$/g, '');
  if (!line) return null;
  if (line.toLowerCase().endsWith(area.toLowerCase())) return line;
  return `${line}, ${area}`;
}
