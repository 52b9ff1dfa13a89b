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
/** USPS state codes (states, DC and territories): "New Yo" is a city being typed, not a state YO. */
const stateCodes = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP AA AE AP'.split(
    ' ',
  ),
);
const isStateCode = (text: string) => stateCodes.has(text.toUpperCase());

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
  if (parts.length > 1 && last && isStateCode(last)) {
    state = last.toUpperCase();
    parts.pop();
  } else if (parts.length === 1 && last) {
    // "Austin TX" without a comma.
    const words = last.split(' ');
    const tail = words.at(-1);
    if (words.length > 1 && tail && isStateCode(tail)) {
      state = tail.toUpperCase();
      parts[0] = words.slice(0, -1).join(' ');
    }
  }
  return { street, city: parts.join(', '), state, zip };
}
