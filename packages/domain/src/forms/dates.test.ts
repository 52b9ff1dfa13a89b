import { describe, expect, it } from 'vitest';
import { allowsDateMaskKey, formatDateInput, maskDateInput, parseDateInput, resolveDateBound } from './dates';

const now = new Date('2026-11-22T12:00:00');

describe('date inputs', () => {
  it('reads MM/DD/YYYY, M/D/YYYY and yyyy-MM-dd', () => {
    expect(parseDateInput('07/05/1990', now)).toBe('1990-07-05');
    expect(parseDateInput('7/5/1990', now)).toBe('1990-07-05');
    expect(parseDateInput('1990-07-05', now)).toBe('1990-07-05');
  });

  it('refuses impossible dates, short years and years past now + 12', () => {
    expect(parseDateInput('13/01/1990', now)).toBeNull();
    expect(parseDateInput('02/29/2027', now)).toBeNull();
    expect(parseDateInput('02/29/2028', now)).toBe('2028-02-29');
    expect(parseDateInput('01/01/90', now)).toBeNull();
    expect(parseDateInput('12/31/2038', now)).toBe('2038-12-31');
    expect(parseDateInput('01/01/2039', now)).toBeNull();
  });

  it("reads 'today' as the current date", () => {
    expect(resolveDateBound('today', now)).toBe('2026-11-22');
    expect(resolveDateBound('2026-01-01', now)).toBe('2026-01-01');
    expect(resolveDateBound(undefined, now)).toBeNull();
  });

  it('masks typed digits as MM/DD/YYYY', () => {
    expect(maskDateInput('07')).toBe('07');
    expect(maskDateInput('0715')).toBe('07/15');
    expect(maskDateInput('07151990')).toBe('07/15/1990');
    expect(maskDateInput('07/15/1990x9')).toBe('07/15/1990');
    expect(formatDateInput('1990-07-15')).toBe('07/15/1990');
    expect(formatDateInput('1990-01-05')).toBe('01/05/1990');
    expect(formatDateInput(null)).toBe('');
  });

  it('lets through digits, tab, backspace, delete and arrows only', () => {
    for (const key of ['7', 'Tab', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight'])
      expect(allowsDateMaskKey(key)).toBe(true);
    for (const key of ['a', '/', '-', ' ']) expect(allowsDateMaskKey(key)).toBe(false);
  });
});
