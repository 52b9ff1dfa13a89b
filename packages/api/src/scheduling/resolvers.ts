import { coordinates } from '@atrium/domain';
import { differenceInCalendarDays, format, isValid, parse } from 'date-fns';
import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { getAvailability, type VisitPlace } from './availability';

/** The longest date range one request may ask about, in days (both ends included). */
export const maxAvailabilityDays = 62;
const maxProcedures = 50;

const dateFormat = 'yyyy-MM-dd';
const parseDate = (value: string) => parse(value, dateFormat, new Date(0));
const isDate = (value: string) => {
  const date = parseDate(value);
  return isValid(date) && format(date, dateFormat) === value;
};

const localDate = z.string().refine(isDate, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a date in the yyyy-MM-dd format.`,
});

const inputSchema = z
  .object({
    marketplaceId: marketplaceIdInput,
    organizationId: idInput('Organization').nullish(),
    location: z.nullish(coordinates),
    procedureIds: z
      .array(idInput('Procedure'))
      .min(1, 'Choose at least one procedure.')
      .max(maxProcedures, `Choose at most ${maxProcedures} procedures and add-ons.`)
      // A procedure or add-on is in the cart at most once.
      .transform((ids) => [...new Set(ids)]),
    dateRange: z
      .object({ start: localDate, end: localDate })
      .refine((range) => range.start <= range.end, { error: 'The date range must not end before it starts.' })
      .refine(
        (range) =>
          differenceInCalendarDays(parseDate(range.end), parseDate(range.start)) + 1 <= maxAvailabilityDays,
        { error: `The date range must not be longer than ${maxAvailabilityDays} days.` },
      ),
  })
  .transform(({ organizationId, location, ...rest }, context) => {
    const place: VisitPlace | null =
      organizationId != null ? { organizationId } : location != null ? { location } : null;
    if (!place || (organizationId != null && location != null)) {
      context.issues.push({
        code: 'custom',
        input: { organizationId, location },
        message: place
          ? 'Choose a clinic (organizationId) or an address (location), not both.'
          : 'Choose a clinic (organizationId) or an address (location).',
      });
      return z.NEVER;
    }
    return { ...rest, place };
  });

export const availabilityResolvers: Resolvers = {
  Query: {
    availabilities: async (_parent, { input }, context) => {
      const request = parseInput(inputSchema, input);
      return withServiceErrors(() => getAvailability(context, request));
    },
  },
};
