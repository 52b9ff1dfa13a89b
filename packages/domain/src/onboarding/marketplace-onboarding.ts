// The rules of a new marketplace as the operator creates it (`pnpm marketplace create`, the
// createMarketplace mutation): one rule set per field, used by the API and the CLI alike.
import * as z from 'zod/mini';
import { emailAddress, limitedText } from '../forms/field-rules';

export const MARKETPLACE_NAME_MAX_LENGTH = 100;
export const GROUP_NAME_MAX_LENGTH = 100;

/** The colour a new marketplace starts with (the apps' neutral default); branding is done once it has a logo or another colour. */
export const NEW_MARKETPLACE_COLOR = '#52525b';

export const ONBOARDING_MESSAGES = {
  name: 'Enter the marketplace’s name.',
  groupName: 'Enter the new group’s name.',
  group: 'Give either an existing group’s id or a new group’s name, not both.',
  timeZoneRequired: 'Enter the marketplace’s time zone.',
  timeZoneInvalid: 'Enter a time zone of the IANA database, such as America/New_York.',
  ownerEmailRequired: 'Enter the owner’s email address.',
  ownerEmailInvalid: 'Enter a valid email address for the owner.',
  /** What clients are told of a marketplace its owner has not made live yet (and booking answers). */
  notLive: 'This marketplace is not taking bookings yet.',
} as const;

/** The IANA time zones this runtime knows, with UTC (which `supportedValuesOf` leaves out on some). */
function knownTimeZones(): ReadonlySet<string> {
  return new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
}

/** A time zone of the IANA database, written as it names it (e.g. America/New_York). */
export const ianaTimeZone = z.pipe(
  limitedText(ONBOARDING_MESSAGES.timeZoneRequired, 'The time zone', 64),
  z.string().check(z.refine((zone) => knownTimeZones().has(zone), ONBOARDING_MESSAGES.timeZoneInvalid)),
);

export const marketplaceName = limitedText(ONBOARDING_MESSAGES.name, 'The name', MARKETPLACE_NAME_MAX_LENGTH);
export const groupName = limitedText(
  ONBOARDING_MESSAGES.groupName,
  'The group’s name',
  GROUP_NAME_MAX_LENGTH,
);
export const ownerEmail = emailAddress({
  required: ONBOARDING_MESSAGES.ownerEmailRequired,
  invalid: ONBOARDING_MESSAGES.ownerEmailInvalid,
});
