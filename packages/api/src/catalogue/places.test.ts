import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';

// Place search reads no tables; one database is enough to build the app.
const [factory] = testDatabases;

describe('place search queries', () => {
  let app: ReturnType<typeof createApp>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!factory) throw new Error('no test database');
    const test = await factory.create();
    dispose = test.dispose;
    app = createApp({ db: test.database, config: { nodeEnv: 'test' }, logging: false });
  });
  afterAll(() => dispose());

  it('answers no suggestions under 2 characters', async () => {
    const { body } = await postGraphQL(app, 'query { placeSuggestions(input: "A") { description } }');
    expect(body.data).toEqual({ placeSuggestions: [] });
  });

  it('answers at most 10 suggestions', async () => {
    const { body } = await postGraphQL<{ placeSuggestions: unknown[] }>(
      app,
      'query { placeSuggestions(input: "San") { placeId description } }',
    );
    expect(body.data?.placeSuggestions).toHaveLength(10);
  });

  it('geocodes a suggestion with the time zone of its coordinates', async () => {
    const suggestions = await postGraphQL<{ placeSuggestions: { placeId: string }[] }>(
      app,
      'query { placeSuggestions(input: "Los Angeles, CA") { placeId } }',
    );
    const placeId = suggestions.body.data?.placeSuggestions[0]?.placeId;
    const { body } = await postGraphQL(
      app,
      'query ($placeId: ID) { geocode(placeId: $placeId) { address timeZone } }',
      { placeId },
    );
    expect(body.data).toEqual({ geocode: { address: 'Los Angeles, CA', timeZone: 'America/Los_Angeles' } });
  });

  it("says 'Unable to get address. Please try again.' for an address it cannot find", async () => {
    const { body } = await postGraphQL(app, 'query { geocode(address: "Nowhere Qqzx") { address } }');
    expect(body.errors?.[0]).toMatchObject({
      message: 'Unable to get address. Please try again.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('reverse geocodes a point with its time zone', async () => {
    const { body } = await postGraphQL(
      app,
      'query { reverseGeocode(latitude: 39.7392, longitude: -104.9903) { address timeZone } }',
    );
    expect(body.data).toMatchObject({ reverseGeocode: { timeZone: 'America/Denver' } });
  });

  it("reverse geocodes to the nearest ZIP code's city, saying it has no street (the profile's 'Use current location')", async () => {
    const { body } = await postGraphQL(
      app,
      'query { reverseGeocode(latitude: 40.7484, longitude: -73.9857) { address hasStreet zipCode timeZone } }',
    );
    expect(body.data).toEqual({
      reverseGeocode: {
        address: 'New York, NY 10118',
        hasStreet: false,
        zipCode: '10118',
        timeZone: 'America/New_York',
      },
    });
  });

  it("says 'Unable to get address. Please try again.' for a point with no address or out of range", async () => {
    for (const point of ['latitude: 35, longitude: -40', 'latitude: 95, longitude: 0']) {
      const { body } = await postGraphQL(app, `query { reverseGeocode(${point}) { address } }`);
      expect(body.errors?.[0]).toMatchObject({
        message: 'Unable to get address. Please try again.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });
});
