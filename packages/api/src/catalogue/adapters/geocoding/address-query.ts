/**
 * What a client typed, split into the parts the gazetteer can match: an optional street line
 * ("350 5th Ave"), a city prefix, an optional two-letter state and an optional ZIP code.
 */
export interface AddressQuery {
  street: string | null;
  city: string;
  state: string | null;
  zip: string | null;
}

const zipAtEnd = /\b(\d{5})(?:-\d{4})?$/;
const stateCode = /^[a-z]{2}$/i;

export function parseAddressQuery(input: string): AddressQuery {
  let text = input.trim().replace(/\s+/g, ' ');
  const zip = text.match(zipAtEnd)?.[1] ?? null;
  if (zip) text = text.replace(zipAtEnd, '').trim().replace(/,$/, '').trim();

  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // A first part that starts with a house number is the street line.
  const street = parts.length > 1 && /^\d/.test(parts[0] ?? '') ? (parts.shift() ?? null) : null;

  let state: string | null = null;
  const last = parts.at(-1);
  if (parts.length > 1 && last && stateCode.test(last)) {
    state = last.toUpperCase();
    parts.pop();
  } else if (parts.length === 1 && last) {
    // "Austin TX" without a comma.
    const words = last.split(' ');
    const tail = words.at(-1);
    if (words.length > 1 && tail && stateCode.test(tail)) {
      state = tail.toUpperCase();
      parts[0] = words.slice(0, -1).join(' ');
    }
  }
  return { street, city: parts.join(', '), state, zip };
}
