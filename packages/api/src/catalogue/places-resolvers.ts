import { coordinates } from '@atrium/domain';
import type { Resolvers } from '../generated/resolvers-types';
import { InvalidInputError } from '../kernel/errors';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { marketplaceIdInput } from '../kernel/id-input';
import { geocodePlace, reverseGeocode, suggestPlaces, unableToGetAddress } from './places';

/** The domain's map point; one off the map has no address, so it is told as a point with none. */
function mapPoint(args: unknown) {
  const point = coordinates.safeParse(args);
  if (!point.success) throw new InvalidInputError(unableToGetAddress);
  return point.data;
}

export const placesResolvers: Resolvers = {
  Query: {
    placeSuggestions: (_parent, { input, marketplaceId }, { db, geocoder }) =>
      withServiceErrors(() =>
        suggestPlaces(
          db,
          geocoder,
          input,
          marketplaceId ? parseInput(marketplaceIdInput, marketplaceId) : null,
        ),
      ),
    geocode: (_parent, args, { geocoder }) => withServiceErrors(() => geocodePlace(geocoder, args)),
    reverseGeocode: (_parent, args, { geocoder }) =>
      withServiceErrors(async () => reverseGeocode(geocoder, mapPoint(args))),
  },
};
