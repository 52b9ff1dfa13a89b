// A module of its own: the stores decode a stored home location with it on first paint, without
// the rest of the forms' rules.
import * as z from 'zod/mini';

/** A map point: what a home address is geocoded to. */
export const coordinates = z.object({
  latitude: z
    .number()
    .check(
      z.gte(-90, 'Latitude must be between -90 and 90.'),
      z.lte(90, 'Latitude must be between -90 and 90.'),
    ),
  longitude: z
    .number()
    .check(
      z.gte(-180, 'Longitude must be between -180 and 180.'),
      z.lte(180, 'Longitude must be between -180 and 180.'),
    ),
});
