import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { geocodePlace, reverseGeocode, suggestPlaces, unableToGetAddress } from './places';

const pointSchema = z.object({
  latitude: z.number().min(-90, unableToGetAddress).max(90, unableToGetAddress),
  longitude: z.number().min(-180, unableToGetAddress).max(180, unableToGetAddress),
});

export const placesResolvers: Resolvers = {
  Query: {
    placeSuggestions: (_parent, { input }, { geocoder }) => suggestPlaces(geocoder, input),
    geocode: (_parent, args, { geocoder }) => withServiceErrors(() => geocodePlace(geocoder, args)),
    reverseGeocode: (_parent, args, { geocoder }) =>
      withServiceErrors(() => reverseGeocode(geocoder, parseInput(pointSchema, args))),
  },
};
