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
