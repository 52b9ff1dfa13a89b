import { z } from 'zod';

/** The largest PostgreSQL `integer`: the type of every id column an ID argument is looked up in. */
export const largestId = 2_147_483_647;

/**
 * Every ID argument and input field, parsed once here at the edge so that no id a row cannot have
 * (and that PostgreSQL would refuse as out of range) reaches SQL: ASCII digits, from 1 to
 * `largestId`, out as a number.
 * - Malformed (not digits, 0): BAD_USER_INPUT '<Label> id must be a positive whole number.'
 * - Above `largestId`: BAD_USER_INPUT '<Label> id must be at most 2147483647.', or, given `notFound`,
 *   NOT_FOUND with its message: for the ids whose unknown values the API answers NOT_FOUND whatever
 *   the operation (marketplaces, marketplace groups; the web app shows its 404 page for them).
 */
export function idInput(label: string, notFound?: (id: string) => string) {
  const malformed = `${label} id must be a positive whole number.`;
  return z
    .string({ error: malformed })
    .regex(/^\d+$/, malformed)
    .transform((digits, context) => {
      const id = Number(digits);
      if (id === 0) {
        context.addIssue({ code: 'custom', message: malformed });
        return z.NEVER;
      }
      if (id > largestId) {
        // parseInput answers an issue with a `code` param with that code.
        context.addIssue(
          notFound
            ? { code: 'custom', message: notFound(digits.replace(/^0+/, '')), params: { code: 'NOT_FOUND' } }
            : { code: 'custom', message: `${label} id must be at most ${largestId}.` },
        );
        return z.NEVER;
      }
      return id;
    });
}

/** A marketplace id: one above the range is a marketplace that does not exist (NOT_FOUND). */
export const marketplaceIdInput = idInput('Marketplace', (id) => `Marketplace ${id} was not found.`);

/** A marketplace group id: one above the range is a group that does not exist (NOT_FOUND). */
export const mgIdInput = idInput('Marketplace group', (id) => `Marketplace group ${id} was not found.`);
