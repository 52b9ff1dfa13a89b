import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { createGazetteerGeocoder } from './gazetteer';

describe('gazetteer geocoder', () => {
  const geocoder = createGazetteerGeocoder();

  it('gives the ZIP code whose centroid is nearest to the point', async () => {
    const denver = zipcodes.lookup('80205');
    if (!denver) throw new Error('80205 is missing from the gazetteer');
    expect(await geocoder.zipCodeAt({ latitude: denver.latitude, longitude: denver.longitude })).toBe(
      '80205',
    );
  });

  it('gives null far from every US ZIP code, such as mid-Atlantic', async () => {
    expect(await geocoder.zipCodeAt({ latitude: 35, longitude: -40 })).toBeNull();
  });
});

describe('gazetteer place search', () => {
  const geocoder = createGazetteerGeocoder();

  it('suggests cities by prefix, the exact and larger ones first, at most the limit', async () => {
    const suggestions = await geocoder.suggest('Austin', 10);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    expect(suggestions[0]?.description).toBe('Austin, TX');
  });

  it("places a picked city inside it: New York is in Manhattan, not pulled out to sea by a ZIP's typo", async () => {
    const [newYork] = await geocoder.suggest('New York, NY', 1);
    const place = await geocoder.geocode({ placeId: newYork?.placeId });
    // Midtown Manhattan is about 40.76, -73.98; the mean of the data's centroids was 40.76, -73.05.
    expect(place?.latitude).toBeCloseTo(40.76, 1);
    expect(place?.longitude).toBeCloseTo(-73.98, 1);
  });

  it('finds a city from its first letters, even when the last two look like a state ("New Yo")', async () => {
    const suggestions = await geocoder.suggest('New Yo', 10);
    expect(suggestions.map((s) => s.description)).toContain('New York, NY');
  });

  it('ranks places near the marketplace first', async () => {
    const manhattan = { latitude: 40.7128, longitude: -74.006 };
    const street = await geocoder.suggest('350 5th Ave', 10, manhattan);
    expect(street[0]?.secondaryText).toBe('New York, NY');
    const [springfield] = await geocoder.suggest('Springfield', 10, { latitude: 42.1, longitude: -72.59 });
    expect(springfield?.description).toBe('Springfield, MA');
  });

  it('narrows cities to the state typed', async () => {
    const suggestions = await geocoder.suggest('Springfield, IL', 10);
    expect(suggestions.map((s) => s.description)).toEqual(['Springfield, IL']);
  });

  it('keeps the street line the client typed in the suggestion', async () => {
    const [first] = await geocoder.suggest('350 5th Ave, New York', 10);
    expect(first).toMatchObject({
      description: '350 5th Ave, New York, NY',
      mainText: '350 5th Ave',
      secondaryText: 'New York, NY',
    });
  });

  it('takes a street typed alone: the street in the biggest cities, for the client to pick theirs', async () => {
    const suggestions = await geocoder.suggest('350 5th Ave', 10);
    expect(suggestions).toHaveLength(10);
    expect(suggestions.map((s) => s.secondaryText)).not.toContain('Apo, AE');
    const newYork = suggestions.find((s) => s.secondaryText === 'New York, NY');
    expect(newYork).toMatchObject({
      description: '350 5th Ave, New York, NY',
      mainText: '350 5th Ave',
      secondaryText: 'New York, NY',
    });
    expect(suggestions.every((s) => s.mainText === '350 5th Ave')).toBe(true);
    const place = await geocoder.geocode({ placeId: newYork?.placeId });
    expect(place?.address).toBe('350 5th Ave, New York, NY');
  });

  it('takes a street followed by its city or ZIP code without a comma', async () => {
    const [withCity] = await geocoder.suggest('350 5th Ave New York', 10);
    expect(withCity?.description).toBe('350 5th Ave, New York, NY');
    const [withZip] = await geocoder.suggest('350 5th Ave 10118', 10);
    expect(withZip?.description).toBe('350 5th Ave, New York, NY 10118');
    const [inState] = await geocoder.suggest('100 Congress Ave Austin TX', 10);
    expect(inState?.description).toBe('100 Congress Ave, Austin, TX');
  });

  it('suggests ZIP codes by prefix', async () => {
    const suggestions = await geocoder.suggest('1001', 10);
    expect(suggestions[0]?.description).toBe('New York, NY 10010');
    expect(suggestions.every((s) => s.description.includes(' 1001'))).toBe(true);
  });

  it('geocodes a suggestion to the coordinates of its place', async () => {
    const [first] = await geocoder.suggest('350 5th Ave, New York, NY 10118', 10);
    if (!first) throw new Error('no suggestion');
    const place = await geocoder.geocode({ placeId: first.placeId });
    expect(place).toMatchObject({ address: '350 5th Ave, New York, NY 10118', zipCode: '10118' });
    expect(place?.latitude).toBeCloseTo(40.75, 1);
  });

  it('geocodes a typed address through its best match', async () => {
    const place = await geocoder.geocode({ address: 'Denver, CO' });
    expect(place?.address).toBe('Denver, CO');
    expect(place?.longitude).toBeCloseTo(-104.9, 0);
  });

  it('finds nothing for an unknown place or a forged place id', async () => {
    expect(await geocoder.suggest('Qqqzzx', 10)).toEqual([]);
    expect(await geocoder.geocode({ placeId: 'kind=zip&zip=00000' })).toBeNull();
    expect(await geocoder.geocode({ placeId: 'nonsense' })).toBeNull();
  });

  it('reverse geocodes a point to its city and ZIP code, marked as having no street, and nothing at sea', async () => {
    // The gazetteer knows no streets: the client is to complete the address, not to get a city as one.
    const point = { latitude: 40.7484, longitude: -73.9857 };
    expect(await geocoder.reverse(point)).toEqual({
      address: 'New York, NY 10118',
      hasStreet: false,
      ...point,
      zipCode: '10118',
    });
    expect(await geocoder.reverse({ latitude: 35, longitude: -40 })).toBeNull();
  });

  it('says whether a geocoded place has a street: the one typed, never an invented one', async () => {
    const [typed] = await geocoder.suggest('350 5th Ave, New York, NY 10118', 10);
    expect(await geocoder.geocode({ placeId: typed?.placeId })).toMatchObject({
      address: '350 5th Ave, New York, NY 10118',
      hasStreet: true,
    });
    const [city] = await geocoder.suggest('Denver, CO', 10);
    expect(await geocoder.geocode({ placeId: city?.placeId })).toMatchObject({
      address: 'Denver, CO',
      hasStreet: false,
    });
  });
});
