import { describe, expect, it } from 'vitest';
import { filterClinics, showsClinicSearch } from './clinic-filter';

const clinic = (id: string, name: string, address: string) => ({ id, name, address, phone: '+15555550100' });
const clinics = [
  clinic('1', 'Nocturne SoHo', '120 Prince St, New York, NY 10012'),
  clinic('2', 'Nocturne Back Bay', '200 Newbury St, Boston, MA 02116'),
  clinic('3', 'Nocturne Brickell', '801 Brickell Ave, Miami, FL 33131'),
];

describe('clinic search', () => {
  it('appears only with more than 8 clinics', () => {
    expect(showsClinicSearch(Array.from({ length: 8 }, (_, i) => clinic(String(i), 'c', 'a')))).toBe(false);
    expect(showsClinicSearch(Array.from({ length: 9 }, (_, i) => clinic(String(i), 'c', 'a')))).toBe(true);
  });

  it('does not filter under 3 characters', () => {
    expect(filterClinics(clinics, 'Bo')).toHaveLength(3);
  });

  it('filters by name or address from 3 characters, ignoring case', () => {
    expect(filterClinics(clinics, 'bos').map((c) => c.id)).toEqual(['2']);
    expect(filterClinics(clinics, 'BRICK').map((c) => c.id)).toEqual(['3']);
  });

  it('finds nothing for text no clinic holds', () => {
    expect(filterClinics(clinics, 'Seattle')).toEqual([]);
  });
});
