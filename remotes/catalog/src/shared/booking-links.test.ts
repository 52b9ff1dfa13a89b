import { describe, expect, it } from 'vitest';
import { readServiceSelection, serviceSelectionQuery } from './booking-links';

describe('service selection query parameters', () => {
  it('reads the procedure and its comma-separated add-ons', () => {
    expect(readServiceSelection(new URLSearchParams('procedure=4&addons=10,%2011,10,'))).toEqual({
      procedureId: '4',
      addOnIds: ['10', '11'],
    });
  });

  it('reads nothing from an empty query', () => {
    expect(readServiceSelection(new URLSearchParams(''))).toEqual({ procedureId: null, addOnIds: [] });
  });

  it('writes the procedure, add-ons and extra parameters', () => {
    expect(serviceSelectionQuery({ procedureId: '4', addOnIds: ['10', '11'] }, { location: '12' })).toBe(
      '?location=12&procedure=4&addons=10%2C11',
    );
  });

  it('writes no add-ons without a procedure', () => {
    expect(serviceSelectionQuery({ procedureId: null, addOnIds: ['10'] })).toBe('');
  });
});
