import { describe, expect, it, vi } from 'vitest';
import { distanceKm, isInsideServiceArea, type ServiceArea } from './service-area';

const newYork = { latitude: 40.7128, longitude: -74.006 };
const losAngeles = { latitude: 34.0522, longitude: -118.2437 };
const brooklyn = { latitude: 40.6782, longitude: -73.9442 };
const philadelphia = { latitude: 39.9526, longitude: -75.1652 };

describe('distanceKm', () => {
  it('is the great-circle distance: New York to Los Angeles is about 3,936 km', () => {
    expect(distanceKm(newYork, losAngeles)).toBeCloseTo(3936, -1);
  });

  it('is zero from a point to itself and the same in both directions', () => {
    expect(distanceKm(newYork, newYork)).toBe(0);
    expect(distanceKm(brooklyn, philadelphia)).toBeCloseTo(distanceKm(philadelphia, brooklyn), 9);
  });
});

describe('isInsideServiceArea', () => {
  const circle: ServiceArea = { center: newYork, radiusKm: 60, zipCodes: [] };
  const noZip = async () => null;

  it('accepts a point within the radius and refuses one beyond it', async () => {
    expect(await isInsideServiceArea(circle, brooklyn, noZip)).toBe(true);
    // Philadelphia is about 130 km from the centre.
    expect(await isInsideServiceArea(circle, philadelphia, noZip)).toBe(false);
  });

  it('counts a point exactly on the edge as inside', async () => {
    const edge = { center: newYork, radiusKm: distanceKm(newYork, brooklyn), zipCodes: [] };
    expect(await isInsideServiceArea(edge, brooklyn, noZip)).toBe(true);
  });

  it('accepts a point outside the circle whose ZIP code is listed, and asks for the ZIP only then', async () => {
    const zipCodeAt = vi.fn(async () => '19103');
    const area: ServiceArea = { ...circle, zipCodes: ['19103'] };
    expect(await isInsideServiceArea(area, brooklyn, zipCodeAt)).toBe(true);
    expect(zipCodeAt).not.toHaveBeenCalled();
    expect(await isInsideServiceArea(area, philadelphia, zipCodeAt)).toBe(true);
    expect(zipCodeAt).toHaveBeenCalledWith(philadelphia);
  });

  it('refuses a point whose ZIP code is not listed or unknown, in an area of ZIP codes only', async () => {
    const area: ServiceArea = { center: null, radiusKm: null, zipCodes: ['10001'] };
    expect(await isInsideServiceArea(area, philadelphia, async () => '19103')).toBe(false);
    expect(await isInsideServiceArea(area, philadelphia, noZip)).toBe(false);
  });
});
